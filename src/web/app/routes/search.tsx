import { AppShell } from '../app-shell';

export default function SearchRoute() {
  return <AppShell title="Search">Loading your ideas...</AppShell>;
}
