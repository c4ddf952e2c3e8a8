import { TOWNS } from './content';
import { TownPageView } from './components/TownPageView';

export default function KarrathaPage() {
  return <TownPageView town={TOWNS['karratha']} />;
}
