// The words around a form's fields (its buttons, steps and upload progress); the validation
// messages are the forms area. Both reach the browser, so placeholders stay plain.
export const formViewNl = {
  'formView.submit': 'Versturen',
  'formView.sending': 'Bezig met versturen…',
  'formView.optional': '(niet verplicht)',
  'formView.uploading': 'Uploaden: {percent}%',
  'formView.honeypot': 'Laat dit veld leeg',
  'formView.next': 'Volgende stap',
  'formView.previous': 'Vorige stap',
  'formView.step': 'Stap {step} van {total}',
} as const satisfies Record<string, string>;

export const formViewEn: Record<keyof typeof formViewNl, string> = {
  'formView.submit': 'Send',
  'formView.sending': 'Sending…',
  'formView.optional': '(optional)',
  'formView.uploading': 'Uploading: {percent}%',
  'formView.honeypot': 'Leave this field empty',
  'formView.next': 'Next step',
  'formView.previous': 'Previous step',
  'formView.step': 'Step {step} of {total}',
};
