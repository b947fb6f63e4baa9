/** A 48×32 indigo PNG: small, but a real image the server decodes and re-encodes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASklEQVRYhe2WQQ0AQAzCpo4v/gXUx8nYZWkyAYRA2TR8dbOuoApCh2KGastYx08FIzoUM1RbxjqE6oOGDsUM1ZYhhxCMcTp6eFwfAoXcedIHPNUAAAAASUVORK5CYII=',
  'base64',
);
