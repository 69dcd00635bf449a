import { BrowserRouter } from 'react-router';
import { SiteGate } from './SiteGate';
import { AppRoutes } from './routes';

export function App() {
  return (
    <BrowserRouter>
      <SiteGate>
        <AppRoutes />
      </SiteGate>
    </BrowserRouter>
  );
}
