import { setFlagsFromString } from 'node:v8';

/*
 * V8 places a site's allocations straight in the old generation once most of them have
 * survived a young collection. Serving requests, it guesses wrong for wink-nlp's per-document
 * arrays, each of which lives for one request: the old generation filled with about 1 MB of
 * garbage a collection, every young collection walked the pointers out of it, and the rules
 * worker paused 1.1 ms a collection instead of 0.4 (docs/decisions/018-v8-pretenuring-off.md).
 * The flag is the process's: set before the engine is loaded, the workers started later share it.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
