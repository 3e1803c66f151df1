/**
 * Which curl options take a value, and which of those values are credentials. An option read as
 * taking no value leaves its value to be read as the URL: `--oauth2-bearer TOKEN URL` became a
 * request to `https://TOKEN/`, the token written into the imported file. So the table is curl's
 * whole list (`curl --help all`, 7.88, and the options added since), not only the options graphreq
 * carries over.
 */
import { own } from '../own';

/** Every long option of curl that takes a value. */
const LONG_WITH_VALUE = new Set(
  (
    'abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config connect-timeout connect-to ' +
    'continue-at cookie cookie-jar create-file-mode crlfile curves data data-ascii data-binary data-raw data-urlencode ' +
    'delegation dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers doh-url dump-header egd-file engine etag-compare ' +
    'etag-save expect100-timeout form form-string ftp-account ftp-alternative-to-user ftp-method ftp-port ' +
    'ftp-ssl-ccc-mode happy-eyeballs-timeout-ms header hostpubmd5 hostpubsha256 hsts interface json keepalive-time ' +
    'key key-type krb libcurl limit-rate local-port login-options mail-auth mail-from mail-rcpt max-filesize max-redirs ' +
    'max-time netrc-file noproxy oauth2-bearer output output-dir parallel-max pass pinnedpubkey preproxy proto ' +
    'proto-default proto-redir proxy proxy-cacert proxy-capath proxy-cert proxy-cert-type proxy-ciphers proxy-crlfile ' +
    'proxy-header proxy-key proxy-key-type proxy-pass proxy-pinnedpubkey proxy-service-name proxy-tls13-ciphers ' +
    'proxy-tlsauthtype proxy-tlspassword proxy-tlsuser proxy-user pubkey quote random-file range rate referer request ' +
    'request-target resolve retry retry-delay retry-max-time sasl-authzid service-name socks4 socks4a socks5 ' +
    'socks5-gssapi-service socks5-hostname speed-limit speed-time stderr telnet-option tftp-blksize time-cond tls-max ' +
    'tls13-ciphers tlsauthtype tlspassword tlsuser trace trace-ascii unix-socket upload-file url url-query user ' +
    'user-agent write-out ' +
    // Added after 7.88.
    'variable ip-tos vlan-priority ech keepalive-cnt trace-config knownhosts upload-flags sigalgs'
  )
    .split(' ')
    .map((name) => `--${name}`),
);

/** Every short option of curl that takes a value (`-u user:password`, `-o file`, `-x proxy`). */
const SHORT_WITH_VALUE = new Set('EKCbcdDFPHmoUQreXYytzTuAwx'.split(''));

/**
 * Options whose value is a credential, with the words a note uses for it (never the value). `-u`
 * and `-b` have notes of their own in fromCurl.ts.
 */
const CREDENTIAL_OPTIONS: Record<string, string> = {
  '--oauth2-bearer': 'a bearer token',
  '-U': 'the proxy\'s user and password',
  '--proxy-user': 'the proxy\'s user and password',
  '--pass': 'a key\'s passphrase',
  '--proxy-pass': 'a key\'s passphrase',
  '--tlspassword': 'a TLS password',
  '--proxy-tlspassword': 'a TLS password',
  '--tlsuser': 'a TLS user',
  '--proxy-tlsuser': 'a TLS user',
  '-E': 'a client certificate (and its password)',
  '--cert': 'a client certificate (and its password)',
  '--proxy-cert': 'a client certificate (and its password)',
  '--ftp-account': 'an account',
  '--login-options': 'login options',
  '--sasl-authzid': 'an identity',
};

/** Does this option (`--name` or `-x`) take a value? */
export function takesValue(option: string): boolean {
  return option.startsWith('--') ? LONG_WITH_VALUE.has(option) : option.length === 2 && SHORT_WITH_VALUE.has(option[1]);
}

/** What the option's value is, when it is a credential; undefined for any other option. */
export function credentialOf(option: string): string | undefined {
  return own(CREDENTIAL_OPTIONS, option);
}

/**
 * A cluster of short options (`-sLo FILE`, `-sSu user:password`, `-sXPOST`) as curl reads it: each
 * letter an option until one that takes a value, which takes the rest of the word, or the next word
 * when nothing is left. Undefined for a word that is not a cluster.
 */
export function splitCluster(word: string): Array<{ option: string; attached?: string }> | undefined {
  if (!/^-[^-]/.test(word) || word.length < 3) return undefined;
  const out: Array<{ option: string; attached?: string }> = [];
  for (let i = 1; i < word.length; i++) {
    const option = `-${word[i]}`;
    if (takesValue(option)) {
      const rest = word.slice(i + 1);
      out.push(rest ? { option, attached: rest } : { option });
      return out;
    }
    out.push({ option });
  }
  return out;
}
