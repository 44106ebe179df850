// The browser entry: the site's styles, then hydration of the server-rendered page.
import './styles.css';
import { hydrateSite } from '@canopy/web';
import { site } from './site.js';

void hydrateSite(site);
