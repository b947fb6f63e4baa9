/** Public face of the directory feature. */
export { DirectoryPage } from './pages/directory-page';
export { directoryKeys } from './api/keys';
