export { WhatsNewPanel } from './components/whats-new-panel';
export { whatsNewKeys } from './api/get-whats-new';
