import './index.css';
import { z } from '@vault/contract/zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// zod compiles fast object parsers with `new Function`, which the CSP (no 'unsafe-eval') refuses, and the
// browser reports every refusal: the web app parses without it. The server keeps the compiled parsers.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
