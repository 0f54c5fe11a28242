/** Where `commands/rag` still opens the store from; the adapter itself is `store/open-store.ts`. */
export { openProjectStore, storeFile, storeProblem } from '../store/open-store.js';
