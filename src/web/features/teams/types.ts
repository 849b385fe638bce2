/** A team as the team calls of the server answer it. */
export interface Team {
  id: number;
  name: string;
  invite_code: string;
}
