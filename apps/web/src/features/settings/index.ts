/** Public face of the settings feature: the page, the settings query (feed layout, widgets) and theme sync. */
export { SettingsPage } from './pages/settings-page';
export { useSettings, settingsKeys, settingsQueryOptions } from './api/get-settings';
export { useApplySavedTheme } from './use-apply-saved-theme';
