/**
 * A recording service on loopback that answers the account context's `ids=` reads: campaign 777 is
 * an awareness campaign, any other id is an ad account in EUR.
 */
import { localServer } from '../send/sendHelpers';

export function accountContextServer(): ReturnType<typeof localServer> {
  return localServer((req, _body, res) => {
    const ids = (new URL(req.url ?? '/', 'http://x').searchParams.get('ids') ?? '').split(',');
    const answer: Record<string, unknown> = {};
    for (const id of ids) answer[id] = id === '777' ? { id, objective: 'OUTCOME_AWARENESS', buying_type: 'AUCTION' } : { id, currency: 'EUR' };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
}
