export { openQueueJudge, QUEUE_WINDOW, type QueueJudge, type QueueJudgeOptions } from './coordinator.js';
export { type QueueWorkerEvent, type QueueWorkerOptions, startQueueWorker } from './worker.js';
export { verdictsWrittenByWorkers } from './worker-writes.js';
