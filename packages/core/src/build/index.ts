export { type AskOptions, type AskResult, askStructured, type Checked, repairText } from './ask-structured.js';
export {
  BUILD_DEMO_RUN_YAML,
  BUILD_DEMO_STEPS,
  type DemoStep,
  demoDoneText,
  demoHeading,
  demoReviewText,
} from './build-demo-script.js';
export { BuildConfig, BuildImage, BuildManifest, defaultImageId } from './build-inputs.js';
export { releaseSummaryText, reviewImportText, type StepReport, stepReport } from './build-output.js';
export { buildItemContent, queueForReview } from './build-queues.js';
export {
  type BuildItemContent,
  type QuestionItemPayload,
  questionDecisionsOf,
  questionQueue,
  type RubricItemPayload,
  rubricEditsOf,
  rubricQueue,
} from './build-review.js';
export { type BuildModel, type BuildSearch, type BuildState, imageStates, type StepRun } from './build-state.js';
export {
  type BuildStatus,
  buildStatus,
  buildStatusText,
  type ImageStatus,
  questionWaiting,
  type Waiting,
} from './build-status.js';
export { type BuildTemplate, buildTemplate, taskKeyOf, taskLine } from './build-template.js';
export { BUILD_TEMPLATES } from './build-templates.js';
export {
  type Candidate,
  CandidatesReply,
  candidatesPrompt,
  checkCandidatesReply,
  type Discarded,
  ProposedQuestion,
} from './candidates.js';
export { entityNames, namesEntity } from './entity-names.js';
export { CANDIDATES_PROMPT, QUESTION_CRITERIA } from './prompts/candidates-prompt.js';
export { FILTER_PROMPT, FILTER_REQUIREMENTS, type FilterRequirement } from './prompts/filter-prompt.js';
export { META_RUBRIC_GUIDE, REFINE_PROMPT, RUBRIC_PROMPT } from './prompts/rubric-prompt.js';
export { QuestionDecision, type ReviewOutcome, resolveCandidate } from './question-decisions.js';
export { checkFilterReply, FilterJudgement, FilterReply, filterPrompt, lexicalRejection } from './question-filter.js';
export {
  type CandidatesProduced,
  type FilterProduced,
  type ImageQuestions,
  type QuestionRoundsInput,
  questionRounds,
  type Rejection,
  withCandidateIds,
} from './question-rounds.js';
export { changelog, type ReleasedQuestion, type RoundAgreement, releasedQuestion, roundAgreement } from './release.js';
export { type PreviousRelease, planRelease, type ReleasePlan, type ReleaseSummary } from './release-plan.js';
export { ReplayLine } from './replay-line.js';
export { replyJsonSchema } from './reply-json-schema.js';
export { decisionEvents, editEvents } from './review-events.js';
export {
  checkReviewFile,
  parseReviewFile,
  type ReviewFile,
  reviewFileEvents,
  SCRIPTED_REVIEWERS,
} from './review-file.js';
export { type CoverageFlag, coverageFlags, type SnippetFinding } from './rubric-audit.js';
export {
  CitedSnippet,
  checkRubricReply,
  citesEvidence,
  documentsText,
  type EvidenceDocument,
  exactPassage,
  type GroundedRubric,
  type GroundedSnippet,
  groundRubric,
  type LocatePassage,
  type RubricQuestion,
  RubricReply,
  rubricPrompt,
} from './rubric-draft.js';
export { applyOverlay, type OverlayResult, RubricEdit } from './rubric-overlay.js';
export {
  auditText,
  checkRefineReply,
  type RefineProduced,
  RefineReply,
  type RubricProduced,
  refinePrompt,
} from './rubric-refine.js';
export { type Dropped, supersetProblems } from './rubric-superset.js';
export { runQuestionSteps } from './run-questions.js';
export { latestRubric, refinePasses, runRefineSteps } from './run-refine.js';
export { asEvidence, gatherDocuments, type RubricTools, rubricQuestion, runRubricSteps } from './run-rubrics.js';
export { candidateId, candidatesKey, filterKey, refineKey, rubricKey } from './step-keys.js';
export { createStepProgress, type StepProgress } from './step-progress.js';
export { StepAttempt, StepName, StepRecord, stepCosts } from './step-records.js';
