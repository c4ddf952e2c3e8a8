import { TOWNS } from '../features/marketing/content';
import { TownPageView } from '../features/marketing/TownPageView';

export default function DampierPage() {
  return <TownPageView town={TOWNS['dampier']} />;
}
