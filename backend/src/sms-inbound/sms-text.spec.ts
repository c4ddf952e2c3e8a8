import { asksForHelp, optWord, ownerCommand, positionIn } from './sms-text.js';

describe('reading an inbound text', () => {
  it.each([
    ['Lat -20.73612 Lon 116.84630', { lat: -20.73612, lng: 116.8463 }],
    ['I am here: Lat -20.73612 Lon 116.84630 https://inreachlink.com/ABC123 bogged', { lat: -20.73612, lng: 116.8463 }],
    ['Check-in OK. Lat: -20.73612, Long: 116.84630', { lat: -20.73612, lng: 116.8463 }],
    ['SOS flat tyre https://maps.google.com/?q=-20.736812,116.846254', { lat: -20.736812, lng: 116.846254 }],
    ['https://www.google.com/maps/@-21.17,119.73,15z', { lat: -21.17, lng: 119.73 }],
    ['https://www.google.com/maps/search/?api=1&query=-22.6931%2C117.7931', { lat: -22.6931, lng: 117.7931 }],
    ['My location https://maps.apple.com/?ll=-20.6612,116.7110&q=Dropped%20Pin', { lat: -20.6612, lng: 116.711 }],
    ['stuck at -20.73612, 116.84630 need help', { lat: -20.73612, lng: 116.8463 }],
    ['20.73612S 116.84630E', { lat: -20.73612, lng: 116.8463 }],
    ['S 20.73612, E 116.84630', { lat: -20.73612, lng: 116.8463 }],
  ])('finds the position in %s', (text, expected) => {
    expect(positionIn(text)).toEqual(expected);
    expect(asksForHelp(text)).toBe(true);
  });

  it.each(['Call me on 0412 345 678', 'Lat 0.0 Lon 0.0', 'Nullagine road near 47 km peg', 'thanks mate'])('finds no position in %s', (text) => {
    expect(positionIn(text)).toBeNull();
  });

  it('takes SOS or HELP as a call for help, and not a word that only contains them', () => {
    expect(asksForHelp('HELP bogged on the Karijini rd')).toBe(true);
    expect(asksForHelp('sos')).toBe(true);
    expect(asksForHelp('thanks, helpful people')).toBe(false);
  });

  it("reads an owner's commands", () => {
    expect(ownerCommand('1')).toEqual({ kind: 'ack', jobRef: null });
    expect(ownerCommand(' ok ')).toEqual({ kind: 'ack', jobRef: null });
    expect(ownerCommand('Ack job-2026-1123456')).toEqual({ kind: 'ack', jobRef: 'JOB-2026-1123456' });
    expect(ownerCommand('ETA 40')).toEqual({ kind: 'eta', minutes: 40 });
    expect(ownerCommand('eta 25 mins')).toEqual({ kind: 'eta', minutes: 25 });
    expect(ownerCommand('ETA 0')).toBeNull();
    expect(ownerCommand('on my way')).toBeNull();
  });

  it("reads Twilio's opt-out and opt-in words only as the whole text", () => {
    expect(['STOP', 'stop', 'Unsubscribe', 'CANCEL', 'end', 'QUIT', 'STOPALL'].map(optWord)).toEqual(Array(7).fill('opt-out'));
    expect(['START', 'unstop'].map(optWord)).toEqual(['opt-in', 'opt-in']);
    expect(optWord('please stop the truck')).toBeNull();
  });
});
