// The demo fleet: fixed, real-looking vehicles. Position 9 of each VIN is replaced by its check digit.
import { withVinCheckDigit } from "@/prisma/factories/vehicle";

export type DemoVehicle = {
  vin: string;
  vrm: string;
  make: string;
  model: string;
  modelVariant: string;
};

// key: [make, model, variant, VIN (position 9 recomputed), VRM]
const CATALOGUE: Record<string, [string, string, string, string, string]> = {
  golf: ["Volkswagen", "Golf", "1.5 eTSI Life 5dr", "WVWZZZCD0MW512340", "MA21 XKT"],
  puma: ["Ford", "Puma", "1.0 EcoBoost Hybrid ST-Line", "WF0FXXGC0NT123457", "YK22 FHB"],
  corsa: ["Vauxhall", "Corsa", "1.2 SE Premium", "W0LSDL680L4081234", "BD70 UXR"],
  bmw3: ["BMW", "3 Series", "320d M Sport Touring", "WBA8E5G50PN402188", "LN73 ZPC"],
  a3: ["Audi", "A3", "Sportback 35 TFSI S line", "WAUZZZGY0NA055321", "WR22 KLM"],
  qashqai: ["Nissan", "Qashqai", "1.3 DiG-T MHEV Tekna", "SJNFAAJ10P1640982", "NU23 BVD"],
  yaris: ["Toyota", "Yaris", "1.5 Hybrid Design", "VNKKAAC30MA117650", "DG21 PRT"],
  sportage: ["Kia", "Sportage", "1.6 T-GDi HEV GT-Line", "U5YPU81A0PL208774", "MF73 HNW"],
  tucson: ["Hyundai", "Tucson", "1.6 T-GDi Premium", "TMAJ381A0NJ301245", "YH72 CXE"],
  aclass: ["Mercedes-Benz", "A-Class", "A200 AMG Line Premium", "WDD177080LJ623901", "BF20 WKL"],
  octavia: ["Skoda", "Octavia", "Estate 2.0 TDI SE L", "TMBJJ7NX0NY044512", "SV22 RTA"],
  evoque: ["Land Rover", "Range Rover Evoque", "P300e R-Dynamic SE", "SALZA2AX0PH190332", "LR23 EVK"],
  mini: ["MINI", "Cooper", "1.5 Exclusive 3dr", "WMWXP7200M2455810", "KR21 MNB"],
  p208: ["Peugeot", "208", "1.2 PureTech Allure", "VF3UPHNS0NW118230", "EK72 DHA"],
  model3: ["Tesla", "Model 3", "Long Range AWD", "LRW3E7EK0PC812044", "MW73 TSL"],
  transit: ["Ford", "Transit Custom", "2.0 EcoBlue 130 Trend L1", "WF0YXXTT0NU567812", "YT22 VNA"],
  id4: ["Volkswagen", "ID.4", "Pro Performance Life", "WVGZZZE20PP034517", "SK23 EVD"],
  vivaro: ["Vauxhall", "Vivaro", "2.0 Turbo D Pro L2", "W0V7H9AB0NV093312", "MX72 FLT"],
  x1: ["BMW", "X1", "sDrive18i xLine", "WBA21AA00N5271230", "LB22 XMD"],
  q3: ["Audi", "Q3", "35 TFSI Sport", "WAUZZZF30M1042211", "GF21 KWD"],
  corolla: ["Toyota", "Corolla", "1.8 Hybrid Icon Touring Sports", "SB1Z93BE0NE215509", "PE22 CRT"],
  niro: ["Kia", "Niro", "EV 4", "KNAC381A0P5118790", "DA73 NRE"],
  leaf: ["Nissan", "Leaf", "e+ N-Connecta", "SJNFAAZE0M2512760", "YE21 LFV"],
  clio: ["Renault", "Clio", "1.0 TCe Techno", "VF1RJA000P6601447", "WP73 CLU"],
  enyaq: ["Skoda", "Enyaq", "iV 80 Edition", "TMBJC9NY0NF020998", "MM22 ENY"],
  sprinter: ["Mercedes-Benz", "Sprinter", "315 CDI L2 H2 Progressive", "W1V907630PP441290", "BK23 SPN"],
  kuga: ["Ford", "Kuga", "2.5 PHEV ST-Line", "WF0UXXWP0NH712035", "AV72 KGX"],
  polo: ["Volkswagen", "Polo", "1.0 TSI Life", "WVWZZZAW0MU066120", "MD21 PLV"],
  i10: ["Hyundai", "i10", "1.0 Premium", "NLHB251A0NZ083312", "YB22 HTN"],
  p3008: ["Peugeot", "3008", "1.2 PureTech Allure Premium", "VF3MCYHZ0MS309871", "BN71 PGT"],
  ix3: ["BMW", "iX3", "Premier Edition Pro", "WBY50GF00NS140026", "LK72 BXW"],
  xc40: ["Volvo", "XC40", "B4 Plus", "YV1XZK7V0P2918402", "SF73 VLV"],
  formentor: ["Cupra", "Formentor", "VZ2 1.5 eTSI", "VSSZZZKM0NR019376", "CY22 FRM"],
  zs: ["MG", "ZS", "EV Trophy Long Range", "LSJW74U90NZ103455", "MJ22 ZSE"],
  mokka: ["Vauxhall", "Mokka", "1.2 Turbo GS Line", "VXKUHZKX0N4140882", "YC72 MKA"],
  defender: ["Land Rover", "Defender", "110 D250 X-Dynamic SE", "SALEA7BW0P2117093", "LV23 DFR"],
  sandero: ["Dacia", "Sandero", "Stepway 1.0 TCe Expression", "UU1DJF000P7560112", "FE73 SDR"],
  c5: ["Citroen", "C5 Aircross", "1.5 BlueHDi Shine", "VR7A4DGZ0ML003318", "HN21 CTX"],
  leon: ["SEAT", "Leon", "1.5 eTSI FR", "VSSZZZKL0MR054481", "GJ21 LNF"],
  polestar: ["Polestar", "2", "Long Range Single Motor", "LPSED3KA0NL046620", "LC72 PLS"],
  cx5: ["Mazda", "CX-5", "2.0 e-Skyactiv G Newground", "JMZKF6W70P0612988", "MK73 CXF"],
  ranger: ["Ford", "Ranger", "2.0 EcoBlue Wildtrak", "6FPPXXMJ0PC312740", "YR23 RNG"],
  troc: ["Volkswagen", "T-Roc", "1.5 TSI R-Line", "WVGZZZA10NV092215", "WU22 TRK"],
  ceed: ["Kia", "Ceed", "1.5 T-GDi GT-Line S", "U5YH58170ML092044", "MT21 KCD"],
  fabia: ["Skoda", "Fabia", "1.0 TSI SE Comfort", "TMBEP6PJ0NZ123890", "NX22 FBA"],
  aygo: ["Toyota", "Aygo X", "1.0 VVT-i Edge", "SB1ZB3BC0P1045576", "RJ73 AYG"],
  etrongt: ["Audi", "e-tron GT", "quattro Vorsprung", "WAUZZZFW0NN005512", "LD22 ETG"],
  fpace: ["Jaguar", "F-Pace", "P250 R-Dynamic SE", "SADCA2BX0NA692217", "CV72 JFP"],
  ux: ["Lexus", "UX", "250h F Sport", "JTHR9JBH0M2049183", "KM21 LXU"],
  fiat500: ["Fiat", "500", "1.0 Mild Hybrid Dolcevita", "ZFA312000NJ815046", "YD22 FTN"],
  vitara: ["Suzuki", "Vitara", "1.4 Boosterjet SZ-T", "TSMLYD210PS617302", "NL73 VZK"],
  astra: ["Vauxhall", "Astra", "1.2 Turbo Ultimate", "W0VPD6EA0P8011745", "GY23 ASR"],
  fiesta: ["Ford", "Fiesta", "1.0 EcoBoost Titanium", "WF0JXXGA0MR421066", "EF21 FSZ"],
  juke: ["Nissan", "Juke", "1.0 DiG-T N-Connecta", "SJNFAAF10N2588103", "NA22 JKE"],
  caddy: ["Volkswagen", "Caddy Cargo", "2.0 TDI Commerce", "WV1ZZZSK0NX017739", "YX72 CDV"],
  proace: ["Toyota", "Proace City", "1.5D Icon L1", "YARVFYHZ0NG052210", "HF22 PCT"],
  bmw1: ["BMW", "1 Series", "118i M Sport", "WBA7L1100P7490415", "LF73 WBM"],
  kona: ["Hyundai", "Kona", "Electric 65kWh Ultimate", "KMHK581G0PU233904", "SN23 KEV"],
  berlingo: ["Citroen", "Berlingo", "1.5 BlueHDi Enterprise M", "VR7ERYHZ0PJ710254", "OU23 BGV"],
  transitconnect: ["Ford", "Transit Connect", "1.5 EcoBlue 100 Limited", "WF0TXXTT0NU304518", "OV72 TCX"],
};

const used = new Set<string>();

/** A catalogue vehicle by key; each may be placed once, so that no two demo vehicles share a VIN. */
export function vehicle(key: string): DemoVehicle {
  const entry = CATALOGUE[key];
  if (!entry) throw new Error(`Unknown demo vehicle "${key}"`);
  if (used.has(key)) throw new Error(`Demo vehicle "${key}" is used twice`);
  used.add(key);
  const [make, model, modelVariant, vin, vrm] = entry;
  return { make, model, modelVariant, vin: withVinCheckDigit(vin), vrm };
}
