import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { PAINTED_ROUTES } from './app/routes';
import { scrollPlaces } from './app/scrollPlaces';
import './app/app.css';

const root = document.getElementById('root') as HTMLElement;
// Where each page is left is recorded from the start: Back's restore (app/ScrollMemory) loads later.
scrollPlaces();
// The first render is a transition: React renders it in slices that yield
// to the browser, not one long task (Lighthouse TBT on the home and car
// pages halved, issue 14), and a page the server painted stays on screen
// until the app's first commit replaces it.
const render = () => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <TakeOver>
          <App />
        </TakeOver>
      </StrictMode>,
    ),
  );
};
/** TakeOver drops #root's data-paint once the app's first render is on screen: the markup is the app's now. */
function TakeOver({ children }: { children: ReactNode }) {
  useEffect(() => root.removeAttribute('data-paint'), []);
  return children;
}
// A page the server painted (issue 14) is replaced once its route's chunk
// is here (the boot script preloads it: web/src/app/paintFirst.js), so the app's first commit is the page
// itself; a failed load leaves it to the route's own loading and error.
const paint = root.dataset.paint ?? '';
const painted = Object.hasOwn(PAINTED_ROUTES, paint) ? PAINTED_ROUTES[paint as keyof typeof PAINTED_ROUTES] : undefined;
if (painted) painted.preload().then(render, render);
else render();
