/** Fixed site name sent with registration and code e-mails (the specification's site_name). */
export const SITE_NAME = 'AlumLink';

export const CONTACT = {
  email: 'hello@alumlink.example',
  phone: '+91 80 4000 1234',
  address: '12 Campus Road, Bengaluru 560001, India',
} as const;
