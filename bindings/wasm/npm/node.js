// The package's entry for Node.js: the module is read from the package's directory and
// instantiated synchronously, so that it is ready once this module is imported.
import { readFileSync } from 'node:fs';
import { initSync } from './urn_tag_wasm.js';
import { attach } from './api.js';

attach(initSync({ module: readFileSync(new URL('./urn_tag_wasm_bg.wasm', import.meta.url)) }));

export {
  UrnTagError, parse, check, checkAll, checkNamespace, equivalenceKey, equivalent, find, isValid, mintTag, normalize,
} from './api.js';
