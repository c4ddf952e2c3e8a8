import { TOWNS } from '../features/marketing/content';
import { TownPageView } from '../features/marketing/TownPageView';

export default function KarrathaPage() {
  return <TownPageView town={TOWNS['karratha']} />;
}
