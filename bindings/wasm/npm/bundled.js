// The package's entry for bundlers that build for Node.js (the `module` condition under `node`
// in package.json, which esbuild and webpack read and Node.js does not): the module's bytes are
// inlined, so that a bundle runs wherever it is copied, without the .wasm file beside it.
import { initSync } from './urn_tag_wasm.js';
import { attach } from './api.js';
import { wasmBase64 } from './urn_tag_wasm_inline.js';

attach(initSync({ module: Buffer.from(wasmBase64, 'base64') }));

export {
  UrnTagError, parse, check, checkAll, checkNamespace, equivalenceKey, equivalent, find, isValid, mintTag, normalize,
} from './api.js';
