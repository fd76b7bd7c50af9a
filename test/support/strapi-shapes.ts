// The shapes Strapi v5 answers in, for responders of the fake content service.

export function list(data: unknown[], pagination = { page: 1, pageSize: 25, pageCount: 1, total: data.length }) {
  return { data, meta: { pagination } };
}

export function strapiError(status: number, name: string, message: string, details: unknown = {}) {
  return { data: null, error: { status, name, message, details } };
}
