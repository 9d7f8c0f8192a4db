// The customer messages' words in the organisation's language (its locale's language: "fr" of "fr-FR"),
// for the languages the message settings offer; English for any other. Dates and times are formatted
// by Intl in the full locale, wherever these sentences place them.
import type { CustomerMessageKind } from "@/lib/generated/prisma/enums";

export type CustomerMessageWords = {
  yourVehicle: string;
  hello: (name: string) => string;
  headings: Record<CustomerMessageKind, string>;
  onItsWay: (vehicle: string, place: string) => string;
  expected: (window: string) => string;
  runningLate: (vehicle: string, place: string) => string;
  nowExpected: (window: string) => string;
  arriving: (vehicle: string, place: string) => string;
  delivered: (vehicle: string, place: string, at: string) => string;
  follow: string;
  proof: string;
  why: (organisation: string) => string;
  stopThem: string;
  /** Before the opt-out link in an SMS. */
  stop: string;
};

const ENGLISH: CustomerMessageWords = {
  yourVehicle: "Your vehicle",
  hello: (name) => `Hello ${name},`,
  headings: {
    ON_ITS_WAY: "On its way",
    RUNNING_LATE: "Running late",
    ARRIVING: "Arriving in about 15 minutes",
    DELIVERED: "Delivered",
  },
  onItsWay: (vehicle, place) => `${vehicle} has been collected and is on its way to ${place}.`,
  expected: (window) => `Expected ${window}.`,
  runningLate: (vehicle, place) => `${vehicle} is running late on its way to ${place}.`,
  nowExpected: (window) => `It is now expected ${window}.`,
  arriving: (vehicle, place) => `${vehicle} will arrive at ${place} in about 15 minutes.`,
  delivered: (vehicle, place, at) => `${vehicle} was delivered to ${place} at ${at}.`,
  follow: "Follow it",
  proof: "See the proof of delivery",
  why: (organisation) => `You get these messages from ${organisation} about this vehicle's movement.`,
  stopThem: "Stop them",
  stop: "Stop",
};

const WORDS: Record<string, CustomerMessageWords> = {
  en: ENGLISH,
  fr: {
    yourVehicle: "Votre véhicule",
    hello: (name) => `Bonjour ${name},`,
    headings: {
      ON_ITS_WAY: "En route",
      RUNNING_LATE: "En retard",
      ARRIVING: "Arrivée dans 15 minutes environ",
      DELIVERED: "Livré",
    },
    onItsWay: (vehicle, place) => `${vehicle} a été pris en charge et est en route vers ${place}.`,
    expected: (window) => `Arrivée prévue : ${window}.`,
    runningLate: (vehicle, place) => `${vehicle} a du retard sur la route de ${place}.`,
    nowExpected: (window) => `Arrivée désormais prévue : ${window}.`,
    arriving: (vehicle, place) => `${vehicle} arrivera à ${place} dans 15 minutes environ.`,
    delivered: (vehicle, place, at) => `${vehicle} a été livré à ${place} le ${at}.`,
    follow: "Suivre",
    proof: "Voir la preuve de livraison",
    why: (organisation) => `${organisation} vous envoie ces messages au sujet du transfert de ce véhicule.`,
    stopThem: "Ne plus les recevoir",
    stop: "Désinscription",
  },
  de: {
    yourVehicle: "Ihr Fahrzeug",
    hello: (name) => `Guten Tag ${name},`,
    headings: {
      ON_ITS_WAY: "Unterwegs",
      RUNNING_LATE: "Verspätung",
      ARRIVING: "Ankunft in etwa 15 Minuten",
      DELIVERED: "Zugestellt",
    },
    onItsWay: (vehicle, place) => `${vehicle} wurde abgeholt und ist unterwegs nach ${place}.`,
    expected: (window) => `Erwartet: ${window}.`,
    runningLate: (vehicle, place) => `${vehicle} verspätet sich auf dem Weg nach ${place}.`,
    nowExpected: (window) => `Jetzt erwartet: ${window}.`,
    arriving: (vehicle, place) => `${vehicle} kommt in etwa 15 Minuten in ${place} an.`,
    delivered: (vehicle, place, at) => `${vehicle} wurde am ${at} in ${place} zugestellt.`,
    follow: "Verfolgen",
    proof: "Zustellnachweis ansehen",
    why: (organisation) =>
      `Diese Nachrichten erhalten Sie von ${organisation} zur Überführung dieses Fahrzeugs.`,
    stopThem: "Abbestellen",
    stop: "Abbestellen",
  },
  nl: {
    yourVehicle: "Uw voertuig",
    hello: (name) => `Beste ${name},`,
    headings: {
      ON_ITS_WAY: "Onderweg",
      RUNNING_LATE: "Vertraagd",
      ARRIVING: "Aankomst over ongeveer 15 minuten",
      DELIVERED: "Afgeleverd",
    },
    onItsWay: (vehicle, place) => `${vehicle} is opgehaald en is onderweg naar ${place}.`,
    expected: (window) => `Verwacht: ${window}.`,
    runningLate: (vehicle, place) => `${vehicle} heeft vertraging op weg naar ${place}.`,
    nowExpected: (window) => `Nu verwacht: ${window}.`,
    arriving: (vehicle, place) => `${vehicle} komt over ongeveer 15 minuten aan bij ${place}.`,
    delivered: (vehicle, place, at) => `${vehicle} is op ${at} afgeleverd bij ${place}.`,
    follow: "Volgen",
    proof: "Bekijk het afleverbewijs",
    why: (organisation) =>
      `U ontvangt deze berichten van ${organisation} over het transport van dit voertuig.`,
    stopThem: "Afmelden",
    stop: "Afmelden",
  },
  es: {
    yourVehicle: "Su vehículo",
    hello: (name) => `Hola, ${name}:`,
    headings: {
      ON_ITS_WAY: "En camino",
      RUNNING_LATE: "Con retraso",
      ARRIVING: "Llegada en unos 15 minutos",
      DELIVERED: "Entregado",
    },
    onItsWay: (vehicle, place) => `${vehicle} ha sido recogido y va de camino a ${place}.`,
    expected: (window) => `Llegada prevista: ${window}.`,
    runningLate: (vehicle, place) => `${vehicle} lleva retraso en su camino a ${place}.`,
    nowExpected: (window) => `Ahora se espera: ${window}.`,
    arriving: (vehicle, place) => `${vehicle} llegará a ${place} en unos 15 minutos.`,
    delivered: (vehicle, place, at) => `${vehicle} se entregó en ${place} el ${at}.`,
    follow: "Seguir",
    proof: "Ver la prueba de entrega",
    why: (organisation) => `Recibe estos mensajes de ${organisation} sobre el traslado de este vehículo.`,
    stopThem: "Darse de baja",
    stop: "Baja",
  },
  it: {
    yourVehicle: "Il suo veicolo",
    hello: (name) => `Buongiorno ${name},`,
    headings: {
      ON_ITS_WAY: "In viaggio",
      RUNNING_LATE: "In ritardo",
      ARRIVING: "Arrivo tra circa 15 minuti",
      DELIVERED: "Consegnato",
    },
    onItsWay: (vehicle, place) => `${vehicle} è stato ritirato ed è in viaggio verso ${place}.`,
    expected: (window) => `Arrivo previsto: ${window}.`,
    runningLate: (vehicle, place) => `${vehicle} è in ritardo sulla strada per ${place}.`,
    nowExpected: (window) => `Ora è previsto: ${window}.`,
    arriving: (vehicle, place) => `${vehicle} arriverà a ${place} tra circa 15 minuti.`,
    delivered: (vehicle, place, at) => `${vehicle} è stato consegnato a ${place} il ${at}.`,
    follow: "Segui",
    proof: "Vedi la prova di consegna",
    why: (organisation) => `Riceve questi messaggi da ${organisation} sul trasferimento di questo veicolo.`,
    stopThem: "Annulla l'iscrizione",
    stop: "Stop",
  },
  pl: {
    yourVehicle: "Twój pojazd",
    hello: (name) => `Dzień dobry, ${name},`,
    headings: {
      ON_ITS_WAY: "W drodze",
      RUNNING_LATE: "Opóźnienie",
      ARRIVING: "Przyjazd za około 15 minut",
      DELIVERED: "Dostarczono",
    },
    onItsWay: (vehicle, place) => `${vehicle}: odebrano, w drodze do ${place}.`,
    expected: (window) => `Przewidywany przyjazd: ${window}.`,
    runningLate: (vehicle, place) => `${vehicle}: opóźnienie w drodze do ${place}.`,
    nowExpected: (window) => `Teraz przewidywany przyjazd: ${window}.`,
    arriving: (vehicle, place) => `${vehicle}: przyjazd do ${place} za około 15 minut.`,
    delivered: (vehicle, place, at) => `${vehicle}: dostarczono do ${place}, ${at}.`,
    follow: "Śledź",
    proof: "Zobacz potwierdzenie dostawy",
    why: (organisation) => `Te wiadomości wysyła ${organisation} w sprawie przewozu tego pojazdu.`,
    stopThem: "Wypisz się",
    stop: "Wypisz",
  },
};

/** The words for a BCP 47 locale ("fr-FR" → French), English where its language has none. */
export function customerMessageWords(locale: string): CustomerMessageWords {
  return WORDS[locale.split("-")[0]!.toLowerCase()] ?? ENGLISH;
}
