// wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for
// React before 18; React 19 has it built in, so the web build maps the shim to React's own and
// the first screen does not carry the shim's code.
export { useSyncExternalStore } from 'react';
