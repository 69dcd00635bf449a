import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { PAINTED_ROUTES } from './app/routes';
import './app/app.css';

const root = document.getElementById('root') as HTMLElement;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A page the server painted (issue 14) is replaced once its route's chunk
// is here (the shell preloads it), so the app's first commit is the page
// itself; a failed load leaves it to the route's own loading and error.
const painted = PAINTED_ROUTES[root.dataset.paint ?? ''];
if (painted) painted.preload().then(render, render);
else render();
