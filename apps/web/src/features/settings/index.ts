/** Public face of the settings feature: the settings query (feed layout, widgets) and theme sync; pages load by route. */
export { useSettings, settingsKeys, settingsQueryOptions } from './api/get-settings';
export { useApplySavedTheme } from './use-apply-saved-theme';
