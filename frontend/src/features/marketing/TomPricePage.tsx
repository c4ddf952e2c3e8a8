import { TOWNS } from './content';
import { TownPageView } from './components/TownPageView';

export default function TomPricePage() {
  return <TownPageView town={TOWNS['tom-price']} />;
}
