// Passwords seen most often in breach corpora (lower-case). Refused even when
// long enough, because they are the first ones any attacker tries.
export const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345', '123123', '111111', '000000', '654321',
  '666666', '121212', '112233', '123321', '159753', '987654321', '11111111', '88888888', '1q2w3e', '1q2w3e4r',
  '1qaz2wsx', 'qwerty', 'qwerty123', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'password', 'password1',
  'password123', 'passw0rd', 'p@ssw0rd', 'abc123', 'abcdef', 'abcd1234', 'iloveyou', 'admin', 'admin123',
  'welcome', 'welcome1', 'letmein', 'monkey', 'dragon', 'sunshine', 'princess', 'football', 'baseball',
  'master', 'shadow', 'superman', 'batman', 'trustno1', 'hello123', 'freedom', 'whatever', 'qazwsx',
  'michael', 'jessica', 'charlie', 'ashley', 'bailey', 'daniel', 'jordan', 'hunter', 'ginger', 'pokemon',
  'starwars', 'computer', 'internet', 'secret', 'changeme', 'default', 'login', 'guest', 'test123', 'test1234',
  'summer', 'winter', 'spring', 'autumn', 'flower', 'lovely', 'loveme', 'mustang', 'access', 'killer',
  'soccer', 'hockey', 'cheese', 'chocolate', 'cookie', 'butterfly', 'purple', 'orange', 'banana', 'samsung',
  'google', 'apple123', 'shop123', 'design', 'designer', 'aaaaaa', 'aaaaaaaa', 'qweasd', 'zaq12wsx', 'q1w2e3r4',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
