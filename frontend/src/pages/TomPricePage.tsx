import { TOWNS } from '../features/marketing/content';
import { TownPageView } from '../features/marketing/TownPageView';

export default function TomPricePage() {
  return <TownPageView town={TOWNS['tom-price']} />;
}
