import { InstallHint } from './install-hint';
import { UpdateBanner } from './update-banner';

/** The app-wide PWA banners, one lazily loaded module so `/` does not wait for them. */
export function PwaOverlays() {
  return (
    <>
      <UpdateBanner />
      <InstallHint />
    </>
  );
}
