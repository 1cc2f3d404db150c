// A refusal the API words for the client: an HTTP status, a stable code and a sentence saying
// what to do. Every error the API sends is {"error": code, "message": sentence}.

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}

export interface ProblemBody {
  error: string;
  message: string;
}
