/**
 * The text engine's clause splitter (tasks for checklists, ideas for pitches) and the splitter
 * of spoken lists of things, on POS-tagged tokens; the modules of src/text/clauses/ hold them.
 */
export { splitClauses, type Clause, type ClauseMode } from './clauses/split-clauses.js';
export { splitList, verbHead } from './clauses/split-list.js';
export {
  afterListName,
  namesListHeading,
  namesWhatTheListIsFor,
  namesThingsTo,
  saysOfTheOnes,
  thingsFollowListName,
} from './clauses/list-names.js';
export { startsVerbPhrase } from './clauses/starts.js';
export {
  byFirstWord,
  intentLengthAt,
  isCompound,
  isFiniteVerb,
  isKnownTaskVerb,
  isWord,
  isPlural,
  phraseLengthAt,
  spokenIntentLengthAt,
} from './clauses/tokens.js';
