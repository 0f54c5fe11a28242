export * from './blind.js';
export * from './check-event.js';
export * from './final-labels.js';
export * from './item-state.js';
export * from './queue-agreement.js';
export * from './queue-page.js';
export * from './queue-status.js';
export * from './sample-queue.js';
