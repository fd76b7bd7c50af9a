// English texts for /en. Same keys as forms-nl.ts (the type makes a missing or extra key a compile
// error). No contractions: an ASCII apostrophe is a quoting character in ICU MessageFormat.
import type { FormMessageKey } from './forms-nl';

export const formsEn: Record<FormMessageKey, string> = {
  'name.missing': 'You have not filled in your name.',
  'firstname.missing': 'You have not filled in your first name.',
  'lastname.missing': 'You have not filled in your last name.',
  'postcode.missing': 'You have not filled in a postcode.',
  'postcode.invalid': 'This is not a valid postcode. A Dutch postcode looks like this: 1234 AB.',
  'organisation.missing': 'You have not filled in an organisation.',
  'email.missing': 'You have not filled in an email address.',
  'email.invalid': 'You have not filled in a valid email address.',
  'jobTitle.missing': 'You have not filled in your job title.',
  'field.required': 'This field is required.',
  'phone.missing': 'You have not filled in a phone number.',
  'phone.invalid': 'You have not filled in a valid phone number.',
  'location.missing': 'You have not filled in a location.',
  'date.missing': 'You have not filled in a date.',
  'date.invalid': 'This is not a valid date.',
  'date.inPast': 'Choose a date from today onwards.',
  'cv.missing': 'You have not added your CV.',
  'message.missing': 'You have not written a message.',
  'privacy.notAccepted': 'You have not yet agreed to the privacy policy.',
  'age.missing': 'You have not filled in your age.',
  'age.belowMin': 'Your age cannot be lower than {min}.',
  'age.aboveMax': 'Your age cannot be higher than {max}.',
  'age.notWhole': 'Fill in your age in whole years.',

  'findLocation.postcodeInvalid':
    'This postcode is not valid or is not part of the selected municipality.',
  'findLocation.ageMismatch':
    'You are {age} years old. This group is for young people from {min} to {max} years old.',
  'findLocation.emailInvalid': 'This email address is not valid.',
  'findLocation.incomplete': 'Please fill in all fields.',

  'form.incomplete': 'Sorry, not all fields are filled out correctly.',
  'form.incompleteTitle': 'Form incomplete.',
  'text.tooLong': 'This is too long. Please use at most {max} characters.',
  'form.fallback': 'This field is not valid.',
  'contact.success': 'Your details have been sent. We will contact you soon.',
  'contact.error': 'Something went wrong while sending your details. Please try again later.',

  'upload.tooLarge':
    'Your files are larger than {max} MB together. Please send us a download link instead, for example via WeTransfer.',
  'upload.typeNotAllowed':
    'We cannot open this kind of file. Please send a PDF, a Word file or an OpenDocument file.',
  'upload.noRoom':
    'We cannot keep your files right now. Please send us a download link instead, for example via WeTransfer.',

  'agreement.notAccepted': 'You have not yet given permission to use your details.',
  'terms.notAccepted': 'You have not yet agreed to the terms.',
  'amount.missing': 'You have not filled in an amount.',
  'amount.invalid': 'Fill in an amount in euro, for example 10 or 12.50.',
  'amount.tooLow': 'The amount must be at least € {min}.',
  'amount.tooHigh':
    'The amount can be at most € {max} here. Would you like to give more? Please contact us.',
  'frequency.missing': 'Choose how often you would like to give.',
  'test.answerMissing': 'You have not answered this question yet.',
  'test.ageTooYoung': 'This test is for young people aged {min} and over.',
  'password.missing': 'You have not filled in a password.',
  'password.tooShort': 'Choose a password of at least {min} characters.',
  'password.mismatch': 'The two passwords are not the same.',
  'password.repeatMissing': 'Type the same password here once more.',
  'username.missing': 'You have not filled in a user name.',
  'code.missing': 'You have not filled in a reset code. It is in the link in your mail.',
};
