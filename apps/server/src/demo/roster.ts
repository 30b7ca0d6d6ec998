import type { DemoPerson } from './people';

/**
 * The full demo lender's extra people: a third field agent and the customers beyond the three the
 * end-to-end tests know. Built from fixed lists (no randomness), so every run seeds the same book.
 */
export const EXTRA_AGENT: DemoPerson = {
  name: 'Imran Qureshi',
  email: 'imran.agent@demo.example.com',
  mobile: '9822033333',
  address: 'Camp, MG Road, Pune',
  role: 'agent',
};

/** One distinct first name per customer, so the e-mails built from them are distinct too. */
const FIRST_NAMES = [
  'Aarti',
  'Abdul',
  'Ajay',
  'Anjali',
  'Arjun',
  'Bhavna',
  'Deepak',
  'Farah',
  'Ganesh',
  'Geeta',
  'Harish',
  'Jyoti',
  'Karan',
  'Lakshmi',
  'Mahesh',
  'Meena',
  'Naveen',
  'Neha',
  'Pooja',
  'Prakash',
  'Rahul',
  'Rekha',
  'Salim',
  'Sandeep',
  'Savita',
  'Shankar',
  'Shabana',
  'Suresh',
  'Swati',
  'Tanvir',
  'Uma',
  'Vikram',
  'Vandana',
  'Yusuf',
  'Zoya',
  'Balaji',
  'Divya',
] as const;

const LAST_NAMES = [
  'Sharma',
  'Patil',
  'Khan',
  'Iyer',
  'Reddy',
  'Deshmukh',
  'Gupta',
  'Nair',
  'Kulkarni',
  'Ansari',
  'Chauhan',
  'Menon',
  'Joshi',
  'Pillai',
  'Verma',
  'Bhosale',
  'Das',
  'Mehta',
  'Rao',
  'Sayyed',
  'Pandey',
  'Gaikwad',
  'Banerjee',
  'Naidu',
  'Thakur',
  'Fernandes',
  'Mishra',
] as const;

/** Where small traders work: a shop or stall, its street, its city and PIN code. */
const TRADES = [
  'Kirana store',
  'Vegetable stall',
  'Tea stall',
  'Tailoring shop',
  'Mobile repair shop',
  'Flower stall',
  'Fruit cart',
  'Bangle shop',
  'Xerox centre',
  'Snacks counter',
  'Cobbler stall',
  'Dairy booth',
] as const;

const CITIES = [
  { area: 'Hadapsar', city: 'Pune', pin: '411028' },
  { area: 'Kothrud', city: 'Pune', pin: '411038' },
  { area: 'Dadar West', city: 'Mumbai', pin: '400028' },
  { area: 'Kurla', city: 'Mumbai', pin: '400070' },
  { area: 'Panchavati', city: 'Nashik', pin: '422003' },
  { area: 'Sitabuldi', city: 'Nagpur', pin: '440012' },
  { area: 'Ameerpet', city: 'Hyderabad', pin: '500016' },
  { area: 'Jayanagar', city: 'Bengaluru', pin: '560041' },
  { area: 'T. Nagar', city: 'Chennai', pin: '600017' },
  { area: 'Johari Bazaar', city: 'Jaipur', pin: '302003' },
  { area: 'Aminabad', city: 'Lucknow', pin: '226018' },
  { area: 'Gariahat', city: 'Kolkata', pin: '700019' },
  { area: 'Maninagar', city: 'Ahmedabad', pin: '380008' },
  { area: 'Rajwada', city: 'Indore', pin: '452004' },
  { area: 'Ernakulam South', city: 'Kochi', pin: '682016' },
  { area: 'Gandhipuram', city: 'Coimbatore', pin: '641012' },
] as const;

const AGENTS = ['ramesh.agent@demo.example.com', 'priya.agent@demo.example.com', EXTRA_AGENT.email];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** A ten-digit mobile starting 7, 8 or 9 (Indian mobiles start 6–9), distinct per index. */
const mobileOf = (index: number) => `${7 + (index % 3)}${String(300_000_011 + index * 7_919_233).slice(-9)}`;

/** The generated customers, spread over the three agents. */
export const EXTRA_CUSTOMERS: readonly DemoPerson[] = FIRST_NAMES.map((first, index) => {
  const last = pick(LAST_NAMES, index * 7 + 3);
  const place = pick(CITIES, index);
  return {
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@demo.example.com`,
    mobile: mobileOf(index),
    address: `${pick(TRADES, index * 5 + 1)} ${10 + ((index * 13) % 80)}, ${place.area}, ${place.city} ${place.pin}`,
    role: 'user',
    // In pairs, so that neighbouring customers (and so each kind of loan) are spread over every agent.
    agentEmail: pick(AGENTS, Math.floor(index / 2)),
  };
});
