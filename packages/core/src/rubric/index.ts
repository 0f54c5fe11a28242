export { type CompileContext, compileContext } from './compile-context.js';
export {
  type CompileOptions,
  type CompileResult,
  compileItem,
  compileMetaRubric,
  compileWithWarnings,
} from './compile-meta-rubric.js';
export { type ParseMetaRubricResult, parseMetaRubric } from './parse-meta-rubric.js';
export { type RubricHashOptions, rubricHash } from './rubric-hash.js';
export {
  CHECK_TEMPLATES,
  type CheckTemplates,
  endsInConsonant,
  templateKey,
  templatesFor,
  withParticle,
} from './templates/index.js';
export { coverageThresholds, isShortList, SHORT_LIST_MAX } from './thresholds.js';
export { demote } from './tiers.js';
export {
  ITEM_TYPES,
  type ItemEntry,
  type SemanticInput,
  semanticIssues,
  validateMetaRubric,
} from './validate-meta-rubric.js';
