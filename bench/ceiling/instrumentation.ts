// Deliberately empty. Next looks for instrumentation and middleware files
// beside the workspace root too, so without these the ceiling app would pick
// up the shop's (job worker, admin redirect) and stop being a bare page.
export function register(): void {}
