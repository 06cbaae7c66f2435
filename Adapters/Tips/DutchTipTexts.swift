import WellnessDomain

/// The rule-based tips in Dutch: the same rules, texts in the same order as ``TipRules``
/// (placeholders kept), and keywords a Dutch goal is written with. Stems hidden inside common
/// words are left out: "eten" (weten, vergeten), "moe" (moet), "bed" (bedankt, bedrijf), "blij"
/// (blijven), "spanning" (inspanning), "kracht" (wilskracht).
enum DutchTipTexts {
    /// Goal-text keywords per category, same categories and order as `TipRules.keywords`.
    static let keywords: [(category: TipCategory, words: [String])] = [
        (.exercise, ["sport", "beweg", "train", "gym", "workout", "fit", "conditie", "hardlop", "rennen",
                     "jog", "wandel", "stappen", "zwem", "fiets", "yoga", "pilates", "cardio", "krachttrain", "spier",
                     "marathon"]),
        (.nutrition, ["voeding", "dieet", "gezond eten", "gezonder eten", "minder eten", "meer eten", "bewuster eten",
                      "eet gezond", "eet meer", "eet minder", "eet geen", "eetpatroon", "eetgewoonte", "maaltijd",
                      "ontbijt", "avondeten", "gewicht", "afvallen", "calorie", "suiker", "snoep", "snack", "eiwit",
                      "prote", "groente", "fruit", "vezel", "kook", "koken", "water", "hydrat"]),
        (.sleep, ["slaap", "slapen", "sliep", "nachtrust", "bedtijd", "naar bed", "in bed", "vermoeid", "moeheid",
                  "uitgerust", "uitrust", "slapeloos", "insomnia", "dutje", "powernap", "wakker", "wekker", "opstaan"]),
        (.mindset, ["stress", "angst", "pieker", "onrust", "zenuw", "kalm", "rustig", "ontspan", "gespannen", "mindful",
                    "medit", "stemming", "humeur", "gelukkig", "positief", "positiever", "somber", "burn-out", "burnout",
                    "focus", "concentr", "zelfvertrouw", "dankba", "mentaal", "mentale"]),
        (.habit, ["gewoonte", "dagelijks", "elke dag", "iedere dag", "elke ochtend", "elke avond", "elke week",
                  "iedere week", "routine", "consequent", "volhoud", "reeks", "streak", "per dag", "per week",
                  "in de week", "keer per", "x per", "3x"]),
    ]

    static let goalTips: [TipCategory: [String]] = [
        .exercise: ["Plan je trainingen in als afspraken: kies nu de dagen en tijden en zet ze in je agenda.",
                    "Begin met 10–15 minuten; een korte training die je doet, is beter dan een lange die je overslaat.",
                    "Leg je sportspullen de avond ervoor klaar, zodat je niets meer hoeft te beslissen om te beginnen."],
        .nutrition: ["Bouw elke maaltijd op rond een portie eiwit zo groot als je handpalm en een half bord groente.",
                     "Houd een glas water binnen handbereik; dorst wordt vaak aangezien voor honger.",
                     "Plan vanavond je maaltijden voor morgen, zodat de makkelijke keuze ook de goede is."],
        .sleep: ["Sta elke dag op dezelfde tijd op, ook in het weekend; zo blijft je biologische klok stabiel.",
                 "Dim de lichten en leg je schermen een uur voor bedtijd weg.",
                 "Houd je slaapkamer koel (17–19 °C), donker en stil."],
        .mindset: ["Schrijf elke avond één ding op dat goed ging; kleine successen tellen op.",
                   "Loopt de stress op? Adem zes keer langzaam in en uit, met een langere uitademing dan inademing.",
                   "Wees mild voor jezelf op mindere dagen: één keer overslaan is een pauze, geen mislukking."],
        .habit: ["Koppel de nieuwe gewoonte aan iets wat je al elke dag doet (na de koffie, voor de lunch).",
                 "Houd bij op welke dagen je het doet; een zichtbare reeks motiveert.",
                 "Maak het zo klein dat je het zelfs op je slechtste dag kunt doen."],
    ]

    static let lowMood = "Je stemming was de laatste tijd gemiddeld %.1f van de 5. Doe het rustig aan: ga voor de kleinste versie van dit doel en praat met iemand die je vertrouwt."
    static let startLogging = "Leg een week lang elke dag je stemming en een paar dagboeklabels vast; hoe meer geschiedenis je opbouwt, hoe persoonlijker je tips worden."
    static let tooManyGoals = "Je hebt %d doelen. Kies het doel dat deze maand het belangrijkst is en laat dat voorgaan; de rest kan wachten."

    /// Same order as `TipRules.journalRules`: poorSleep, stress, alcohol, lateEating, caffeine, exercise.
    static let journalTexts: [String] = [
        "Je hebt op %d dagen slecht geslapen. Geef je slaap eerst voorrang: met een vaste bedtijd wordt elk ander doel makkelijker.",
        "Op %d dagen noteerde je stress. Plan op je drukste dagen een pauze van 10 minuten in; zo blijft dit doel haalbaar.",
        "Op %d dagen dronk je alcohol. Alcohol verstoort je slaap en kost je de volgende dag energie; probeer doordeweeks alcoholvrij te blijven.",
        "Op %d dagen at je laat. Als je 3 uur voor bedtijd klaar bent met eten, is dat beter voor je slaap en je spijsvertering.",
        "Op %d dagen had je cafeïne na 14.00 uur. Neem je laatste koffie rond lunchtijd; dat beschermt je diepe slaap.",
        "Je hebt de laatste tijd op %d dagen gesport. Houd de vaart erin: op een vaste tijd en een vaste plek wordt het een automatisme.",
    ]

    /// Same order as `TipRules.fillers` (categories/priorities unchanged: general/medium, general/low, habit/low).
    static let fillers: [String] = [
        "Deel je doel op in één kleine stap die je vandaag kunt zetten, en zet die voor 12.00 uur.",
        "Vertel iemand over je doel; als je het hardop uitspreekt, is de kans groter dat je het ook echt doet.",
        "Bekijk elke zondag je voortgang en pas je plan aan voor de week die komt.",
    ]
}
