// Sends a form with XMLHttpRequest rather than fetch: it reports upload progress, which a
// 100 MB CV needs. The answer is the endpoint's JSON.

export type FormAnswer =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; errors?: Record<string, string>; formErrors?: string[] };

export function sendForm(action: string, body: FormData, onProgress: (percent: number) => void): Promise<FormAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const json = (xhr.response ?? {}) as Partial<FormAnswer> & { message?: string };
      if (xhr.status === 200 && json.ok) resolve({ ok: true, message: json.message ?? '' });
      else if (typeof json.message === 'string') resolve({ ok: false, status: xhr.status, message: json.message, errors: (json as { errors?: Record<string, string> }).errors, formErrors: (json as { formErrors?: string[] }).formErrors });
      else reject(new Error(`form answer ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.send(body);
  });
}
