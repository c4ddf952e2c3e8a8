import { PlaceholderPage } from './PlaceholderPage';

export default function GalleryPage() {
  return <PlaceholderPage screen="Gallery" />;
}
