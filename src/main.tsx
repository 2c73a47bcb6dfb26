// First: it adjusts the renderer before anything renders.
import './ui/preactOptions';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './ui/App';
import EmbedApp from './ui/embed/EmbedApp';
import { isEmbed } from './ui/share/shareLinks';
import { registerServiceWorker } from './registerServiceWorker';
import { UpdateNotice } from './ui/UpdateNotice';
import { linkNamesLesson, loadLessons } from './ui/lessons/catalog';
import { linkNamesSweep, loadSweepReader } from './ui/lessons/openGuides';
import { startTheme } from './ui/theme';

// Before the first render, so the page never paints in the wrong theme.
startTheme(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing <div id="root">');

// `embed=1` (for an iframe) gets the chrome-less page; everything else the full lab.
const embed = isEmbed(Object.fromEntries(new URLSearchParams(window.location.search)));

// A lesson or sweep link opens straight into its lesson or sweep: what they need (loaded on
// demand, as it is not on most pages) comes first.
const search = window.location.search;
const ready = Promise.all([
  linkNamesLesson(search) && loadLessons(),
  linkNamesSweep(search) && loadSweepReader(),
]).catch(() => null);
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      {embed ? <EmbedApp /> : <App />}
      <UpdateNotice />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
