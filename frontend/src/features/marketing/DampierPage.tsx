import { TOWNS } from './content';
import { TownPageView } from './components/TownPageView';

export default function DampierPage() {
  return <TownPageView town={TOWNS['dampier']} />;
}
