// A valid submission per form, as a browser without JavaScript posts it (strings, 'on').
// Tests break one field at a time and look for that field's message.
export const NOW = new Date('2025-06-15T10:00:00Z');
export const now = () => NOW;

export const validContact = {
  name: 'Sanne de Vries',
  organisation: '',
  email: 'sanne@example.nl',
  phone: '',
  message: 'Ik wil graag meer weten over jullie groepen.',
  privacy: 'on',
};

export const validVacancy = {
  name: 'Ahmed Yilmaz',
  email: 'ahmed@example.nl',
  phone: '06 12345678',
  cv: { name: 'cv.pdf', size: 200_000, type: 'application/pdf' },
  motivation: { name: '', size: 0, type: '' },
  remarks: '',
  privacy: 'on',
};

export const validCourse = {
  name: 'Lotte Jansen',
  organisation: 'Gemeente Tiel',
  email: 'lotte@example.nl',
  phone: '0344-123456',
  message: 'Wij willen de training volgen met vier collega’s.',
  preferredLocation: 'Utrecht',
  preferredDate: '2025-09-01',
  privacy: 'on',
};

export const validStartLocation = {
  name: 'Mark Bakker',
  email: 'mark@gemeente.example',
  jobTitle: 'Jongerenwerker',
  municipality: 'Culemborg',
  howHeard: 'Via een collega',
  phone: '+31 6 1234 5678',
  message: '',
  privacy: 'on',
};

export const validSignUp = {
  location: 'tiel-centrum',
  firstname: 'Noor',
  lastname: 'Visser',
  date_of_birth: '2009-03-20', // 16 on NOW
  email: 'noor@example.nl',
  telephone: '0612345678',
  howFound: '',
  agreement: 'on',
};

export const validKeepMePosted = {
  variant: 'no-location',
  email: 'sem@example.nl',
  postcode: '4001aa',
  age: '',
  privacy: 'on',
};

export const validFindLocation = { age: '17', postcode: '4001 AA', municipality: '' };

export const validDonation = {
  firstname: 'Eva',
  lastname: 'Smit',
  email: 'eva@example.nl',
  organisation: '',
  amount: '25,50',
  frequency: 'monthly',
  terms: 'on',
};

export const validTest = {
  answers: ['nee', 'ja', 'ja', 'nee', 'min-of-meer', 'nee', 'ja', 'ja', 'nee', 'nee', 'ja'],
  postcode: '4001 AA',
  age: '19',
  consent: 'on',
};
