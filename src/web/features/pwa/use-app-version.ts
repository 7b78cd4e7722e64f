import { useEffect, useState } from 'react';
import { BUILD_VERSION } from '../../lib/app-version';
import { readWorkerVersion } from './register';

/**
 * The version to show in the menu: the running service worker's, which says what the offline
 * copy is, when a worker controls the page; otherwise the build's own.
 */
export function useAppVersion(): string {
  const [version, setVersion] = useState(BUILD_VERSION);
  useEffect(() => {
    let current = true;
    void readWorkerVersion().then((workerVersion) => {
      if (current && workerVersion !== null) setVersion(workerVersion);
    });
    return () => {
      current = false;
    };
  }, []);
  return version;
}
