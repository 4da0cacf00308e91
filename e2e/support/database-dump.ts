/**
 * Page-side script text: an expression whose value (a promise) is everything the library's IndexedDB
 * database holds, as JSON text — what an attacker with disk access would read. Text, so that both
 * drivers send the same script: Playwright's `page.evaluate(databaseDump)`, WebDriver's
 * `execute('return ' + databaseDump)`.
 */
export const databaseDump = `new Promise((resolve, reject) => {
  const open = indexedDB.open('resumable-upload');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('sessions')) return resolve('[]');
    const all = db.transaction('sessions').objectStore('sessions').getAll();
    all.onsuccess = () => resolve(JSON.stringify(all.result));
    all.onerror = () => reject(all.error);
  };
})`;
