// The package's entry for browsers and bundlers: the module is fetched from beside this file
// and instantiated before this module finishes loading (a top-level await).
import init from './urn_tag_wasm.js';
import { attach } from './api.js';

attach(await init({ module_or_path: new URL('./urn_tag_wasm_bg.wasm', import.meta.url) }));

export {
  UrnTagError, parse, check, checkAll, checkNamespace, equivalenceKey, equivalent, find, isValid, mintTag, normalize,
} from './api.js';
