// The loader that names the page a sign-in or access-denied page is about, in a module of its
// own: the route table every page carries imports it only when one of those pages loads.
export { loadRequestedPage } from '@canopy/web';
