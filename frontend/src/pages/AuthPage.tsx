import { PlaceholderPage } from './PlaceholderPage';

export default function AuthPage() {
  return <PlaceholderPage screen="Login/Register" />;
}
