export {
  type BatchApi,
  type BatchItem,
  type BatchItemFault,
  type BatchServer,
  type BatchServerOptions,
  type BatchServerRequest,
  startBatchServer,
} from './batch-server.js';
export {
  type CliFixture,
  type CliFixtureOptions,
  type FileContent,
  jsonl,
  judgeArgs,
  startCliFixture,
  startFakeJudgeServer,
  useCliFixture,
} from './cli-fixture.js';
export { type FakeClock, fakeClock } from './fake-clock.js';
export {
  type FakeServer,
  type FakeServerOptions,
  type FaultPolicy,
  type RecordedRequest,
  type ReplyScript,
  requestKey,
  startFakeServer,
  useFakeServer,
} from './fake-server.js';
export {
  firstFault,
  markerFaults,
  type RandomFaultShares,
  randomFaults,
  rateLimit,
} from './fault-policies.js';
export { type Fault, faultName } from './faults.js';
export { readFixture } from './fixtures.js';
export { judgeReplies } from './judge-replies.js';
export {
  freePort,
  type LocalServer,
  listenLocal,
  type RequestHandler,
  readBody,
  refusedOrigin,
} from './local-server.js';
export { REPO_ROOT } from './repo-paths.js';
export { GAMUT_BIN, type GamutResult, type RunGamutOptions, runGamut } from './run-gamut.js';
export { type RunningView, startView } from './start-view.js';
export type { ScriptedReply, WireFormat } from './wire-formats.js';
