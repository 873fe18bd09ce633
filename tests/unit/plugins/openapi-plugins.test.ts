import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManifestPreview } from '../../../lib/messaging/plugin-protocol';
import { buildPluginRequest, executePluginCall } from '../../../lib/plugins/gateway';
import type { PluginManifest } from '../../../lib/core/plugins';
import { expandOpenApi } from '../../../lib/plugins/openapi';
import { validateManifest } from '../../../lib/plugins/validate-manifest';
import { createPluginService } from '../../../lib/plugins/plugin-service';
import { buildPluginTools } from '../../../lib/plugins/tools';
import { VALID_TOOL_NAME } from '../../../lib/core/tool-names';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { OPENAI_PLUGINS, startPluginServer, type OpenAIPluginName, type PluginMock } from '../../mocks/plugin-server';

let server: PluginMock;
beforeAll(async () => {
  server = await startPluginServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.clear();
  await closeDb();
  await deleteDB(DB_NAME);
});

const service = createPluginService({ builtins: [] });

async function manifestPreview(url: string): Promise<ManifestPreview> {
  const preview = await service.preview(url);
  if (preview.kind !== 'manifest') throw new Error(`expected a manifest, got ${JSON.stringify(preview)}`);
  return preview;
}

async function call(manifest: PluginManifest, apiName: string, args: Record<string, unknown>, settings?: unknown) {
  const request = buildPluginRequest({ manifest, apiName, args, settings });
  await executePluginCall(request, { timeoutMs: 5000, maxBytes: 100_000 });
  const calls = server.openaiCalls();
  return calls[calls.length - 1]!;
}

describe("LobeChat's recorded OpenAI-format plugins", () => {
  /**
   * What each recorded plugin installs as (its name_for_model, every operation of its document as a tool),
   * and one call of a tool as a model would make it, with the request that call must send.
   */
  const recorded: Record<
    OpenAIPluginName,
    {
      identifier: string;
      tools: string[];
      call: { api: string; args: Record<string, unknown> };
      sends: { method: string; path: string; body?: unknown };
    }
  > = {
    diceroller: {
      identifier: 'diceroller',
      tools: ['roll', 'getLegalPage', 'getHelpPage'],
      call: { api: 'getHelpPage', args: {} },
      sends: { method: 'GET', path: '/openai-api/diceroller/help' },
    },
    uberchord: {
      identifier: 'uberchord',
      tools: ['getChordDiagramImage'],
      call: { api: 'getChordDiagramImage', args: { chord: 'Am' } },
      sends: { method: 'GET', path: '/openai-api/uberchord/chord-formatted?chord=Am' },
    },
    getchange: {
      identifier: 'nonprofits',
      tools: ['getNonprofits', 'getNonprofit'],
      call: { api: 'getNonprofit', args: { nonprofit_id: 'n_MUjmT5yhdf4smx1ykRwO2ovt' } },
      sends: { method: 'GET', path: '/openai-api/getchange/api/v1/openai/nonprofits/n_MUjmT5yhdf4smx1ykRwO2ovt' },
    },
    earthquake: {
      identifier: 'earthquake',
      tools: ['queryEarthquake'],
      call: { api: 'queryEarthquake', args: {} },
      sends: { method: 'GET', path: '/openai-api/earthquake/earthquakes/feed/v1.0/summary/4.5_day.geojson' },
    },
    'mixer-box-weather': {
      identifier: 'MixerBox_Weather',
      tools: ['getWeatherInfo'],
      // The document's path carries a query of its own; the arguments join it.
      call: { api: 'getWeatherInfo', args: { latitude: '48.85', longitude: '2.35', dataType: 'current' } },
      sends: {
        method: 'GET',
        path: '/openai-api/mixer-box-weather/services?funcs=GetWeatherInfo&mobile=0&longitude=2.35&latitude=48.85&dataType=current',
      },
    },
    'aladin-search-book': {
      identifier: 'AladinSearchBooks',
      tools: ['search_books', 'search_books_by_listType'],
      call: {
        api: 'search_books_by_listType',
        args: { list_type: 'bestSeller', _requestBody: { userMessage: 'Bestsellers?', CategoryCode: '90842' } },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/aladin-search-book/search/books/list/bestSeller',
        body: { userMessage: 'Bestsellers?', CategoryCode: '90842' },
      },
    },
    litmaps: {
      identifier: 'litmaps',
      tools: [
        'healthCheck',
        'fetchArticles',
        'keywordSearch',
        // Each path's operations in LobeChat's method order: get before post.
        'getSearch',
        'createSearch',
        'getSearchResultBySearchResultId',
        'getArticleById',
      ],
      call: { api: 'keywordSearch', args: { query: 'peroxiredoxin', useReranker: false } },
      sends: { method: 'GET', path: '/openai-api/litmaps/keywordSearch?query=peroxiredoxin&useReranker=false' },
    },
    seo: {
      identifier: 'SEO',
      tools: ['getData'],
      call: { api: 'getData', args: { keyword: 'lighthouses', url: 'https://example.com/a?b=1' } },
      sends: { method: 'GET', path: '/openai-api/seo/?keyword=lighthouses&url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1' },
    },
    uptime: {
      identifier: 'uptime',
      tools: ['getUptime'],
      call: { api: 'getUptime', args: { url: 'example.com' } },
      sends: { method: 'GET', path: '/openai-api/uptime/getUptime?url=example.com' },
    },
    levinbot: {
      identifier: 'levinbot',
      tools: ['query_get_context'],
      call: { api: 'query_get_context', args: { _requestBody: { text: 'bioelectric code' } } },
      sends: { method: 'POST', path: '/openai-api/levinbot/query', body: { text: 'bioelectric code' } },
    },
    'stock-data': {
      identifier: 'StockData',
      tools: ['getStockData'],
      // A path parameter placed in the query string the document's path carries.
      call: { api: 'getStockData', args: { ticker: 'BRK.B' } },
      sends: { method: 'GET', path: '/openai-api/stock-data/api/all-stock-info?ticker=BRK.B' },
    },
    'seo-assistant': {
      identifier: 'seo_assistant',
      tools: ['getGeneratedKeywordSuggestion'],
      call: { api: 'getGeneratedKeywordSuggestion', args: { keyword: 'lighthouse tours' } },
      sends: { method: 'GET', path: '/openai-api/seo-assistant/suggestions.php?keyword=lighthouse+tours' },
    },
    'shopping-tools': {
      identifier: 'ShoppingTools',
      tools: [
        'retrieveEbayProducts',
        'retrieveAliexpressProducts',
        'RetrieveUpcomingEbayEvents',
        'RetrieveUpcomingEbayCoupons',
        'RetrieveUpcomingEbayEventItems',
        'ShowPromptsExamples',
      ],
      // Optional query parameters the model leaves out are not sent.
      call: { api: 'retrieveEbayProducts', args: { _context: 'a red kettle', siteId: 'EBAY_GB', freeShipping: true } },
      sends: {
        method: 'GET',
        path: '/openai-api/shopping-tools/get-ebay-product?_context=a+red+kettle&siteId=EBAY_GB&freeShipping=true',
      },
    },
    'mixer-box-podcasts': {
      identifier: 'MixerBox_Podcasts',
      tools: [
        'getPodcastsByCategoryInZhTw',
        'getPodcastsByCategoryGlobal',
        'searchPodcast',
        'getPopularPodcasts',
        'getPopularEpisodes',
        'getEpisodesByCategoryInZhTw',
        'getEpisodesByPodcast',
      ],
      call: { api: 'getPodcastsByCategoryGlobal', args: { locale: 'ja-jp', categoryId: '1487' } },
      sends: { method: 'GET', path: '/openai-api/mixer-box-podcasts/gpt/getPodcastsByCategory?locale=ja-jp&categoryId=1487' },
    },
    'savvy-trader': {
      identifier: 'savvy_trader_ai',
      tools: ['getSummaries', 'getAssetsInfo', 'getQuotes'],
      // An array in the query is sent as OpenAPI's default form style does: the name repeated for each item.
      call: { api: 'getQuotes', args: { stocks: ['AAPL', 'MSFT'], cryptos: ['BTC'] } },
      sends: { method: 'GET', path: '/openai-api/savvy-trader/pricing/gpt/quotes?stocks=AAPL&stocks=MSFT&cryptos=BTC' },
    },
    questmate: {
      identifier: 'questmate',
      tools: ['createQuestFromPrompt'],
      call: { api: 'createQuestFromPrompt', args: { _requestBody: { prompt: 'A morning checklist' } } },
      sends: { method: 'POST', path: '/openai-api/questmate/api/createQuestFromPrompt', body: { prompt: 'A morning checklist' } },
    },
    'video-summary': {
      identifier: 'Video_summary',
      tools: ['GetVideoSummaryTranscribeVideo'],
      call: { api: 'GetVideoSummaryTranscribeVideo', args: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      sends: {
        method: 'GET',
        path: '/openai-api/video-summary/api/youtube?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ',
      },
    },
    'github-stats': {
      identifier: 'gitUserRepoStats',
      tools: ['getGithubUser', 'getGithubRepo'],
      // Two path parameters, each encoded on its own.
      call: { api: 'getGithubRepo', args: { owner: 'lobehub', repo: 'lobe chat' } },
      sends: { method: 'GET', path: '/openai-api/github-stats/api/github/lobehub/lobe%20chat' },
    },
    'access-google-sheets': {
      identifier: 'access_google_sheets',
      tools: ['parse_url_get'],
      call: { api: 'parse_url_get', args: { url: 'https://docs.google.com/spreadsheets/d/1x', chat_context: 'totals by month' } },
      sends: {
        method: 'GET',
        path: '/openai-api/access-google-sheets/parse-url?url=https%3A%2F%2Fdocs.google.com%2Fspreadsheets%2Fd%2F1x&chat_context=totals+by+month',
      },
    },
    'game-sight': {
      identifier: 'GameSight',
      tools: ['searchGames', 'searchGameRelatedContent'],
      // A $ref body whose schema has required properties of its own.
      call: {
        api: 'searchGameRelatedContent',
        args: { _requestBody: { raw_question: 'Beginner tips for Hades?', query: 'Hades beginner guide' } },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/game-sight/plugin/v1/search-game-related-content',
        body: { raw_question: 'Beginner tips for Hades?', query: 'Hades beginner guide' },
      },
    },
    'mixer-box-translate-ai-language-tutor': {
      identifier: 'MixerBox_Translate_AI_language_tutor',
      tools: ['translate', 'explain', 'task'],
      call: {
        api: 'translate',
        args: {
          _requestBody: {
            translate_phrase: 'good morning',
            learning_language: 'Japanese',
            native_language: 'English',
            origin_query: 'How do I say good morning in Japanese?',
          },
        },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/mixer-box-translate-ai-language-tutor/api/gpt_plugins/translate/translate',
        body: {
          translate_phrase: 'good morning',
          learning_language: 'Japanese',
          native_language: 'English',
          origin_query: 'How do I say good morning in Japanese?',
        },
      },
    },
    'weather-gpt': {
      identifier: 'WeatherGPT',
      tools: ['checkWeatherUsingGET'],
      call: { api: 'checkWeatherUsingGET', args: { location: 'São Paulo' } },
      sends: { method: 'GET', path: '/openai-api/weather-gpt/api/weather?location=S%C3%A3o+Paulo' },
    },
    'video-captions': {
      identifier: 'VideoCaptions',
      tools: ['transcribeVideo'],
      // A body with no required property, sent with the values the model gave, of their own types.
      call: { api: 'transcribeVideo', args: { _requestBody: { videoId: 'dQw4w9WgXcQ', segment: 2, includeTimestamp: false } } },
      sends: {
        method: 'POST',
        path: '/openai-api/video-captions/api/transcription',
        body: { videoId: 'dQw4w9WgXcQ', segment: 2, includeTimestamp: false },
      },
    },
    travelmyth: {
      identifier: 'travelmyth',
      tools: ['fetchHotels'],
      // The server address ends in a script's name, and the operation's path follows it.
      call: { api: 'fetchHotels', args: { destination: 'Lisbon', adults: 2, categories: 'rooftop_pool,boutique' } },
      sends: {
        method: 'GET',
        path: '/openai-api/travelmyth/api_chat.php/search?destination=Lisbon&adults=2&categories=rooftop_pool%2Cboutique',
      },
    },
    defillama: {
      identifier: 'defillama',
      tools: [
        'getProtocol',
        'getProtocolTvl',
        'getTopGainers',
        'getTopGrowers',
        'getTopLosers',
        'getTopShrinkers',
        'getHistoricalProtocolTVL',
        'getSlug',
        'getProtocolFees',
        'getTopProtocolFees',
        'getDefiLlamaID',
        'getProtocolRevenue',
        'getTopProtocolRevenue',
        'getChainTVL',
        'getChainTVLChange',
        'getNetBridgeFlow',
        'getAllNetBridgeFlows',
        'getTopYields',
        'getFeatures',
        'getFeedbackForm',
        'getTopChainGainers',
        'getTopChainGrowers',
        'getTopChainLosers',
        'getTopChainShrinkers',
        'getInteresting',
        'getDexVolume',
        'getTopDexVolume',
      ],
      // An integer path parameter and an enum value with a space in the query.
      call: { api: 'getTopGainers', args: { num_protocols: 5, time_period: 'day', category: 'liquid staking' } },
      sends: { method: 'GET', path: '/openai-api/defillama/top_gainers/5?time_period=day&category=liquid+staking' },
    },
    astrodaily: {
      identifier: 'astrodaily',
      tools: ['getImage', 'searchImages'],
      // An operation without parameters: a GET with neither query nor body.
      call: { api: 'getImage', args: {} },
      sends: { method: 'GET', path: '/openai-api/astrodaily/image' },
    },
    domatron: {
      identifier: 'domatron',
      tools: ['searchDomain', 'whoisLookup'],
      // An array in a JSON body stays an array.
      call: { api: 'searchDomain', args: { _requestBody: { queries: ['quiet yoga studio', 'harbour bakery'] } } },
      sends: { method: 'POST', path: '/openai-api/domatron/search', body: { queries: ['quiet yoga studio', 'harbour bakery'] } },
    },
    scholarly: {
      identifier: 'scholarly',
      tools: ['searchPost'],
      call: {
        api: 'searchPost',
        args: { _requestBody: { query: 'polar bears', semanticQuery: 'polar bear climate', keyTerms: 'polar bear' } },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/scholarly/search',
        body: { query: 'polar bears', semanticQuery: 'polar bear climate', keyTerms: 'polar bear' },
      },
    },
    'gif-search': {
      identifier: 'GifApi',
      tools: ['root_healthcheck_get', 'getSearchResults', 'getTrendingResults'],
      // A $ref body whose schema requires its property.
      call: { api: 'getSearchResults', args: { _requestBody: { query: 'otters' } } },
      sends: { method: 'POST', path: '/openai-api/gif-search/search', body: { query: 'otters' } },
    },
    'nba-stats': {
      identifier: 'nba_stats',
      tools: ['getBasketballStats'],
      call: { api: 'getBasketballStats', args: { _requestBody: { natural_language_query: 'Most points in a game in 2023' } } },
      sends: {
        method: 'POST',
        path: '/openai-api/nba-stats/basketball_stats',
        body: { natural_language_query: 'Most points in a game in 2023' },
      },
    },
    ssfineart: {
      identifier: 'ssfineart',
      tools: ['getHtml', 'search'],
      call: { api: 'search', args: { query: 'Vermeer interiors' } },
      sends: { method: 'GET', path: '/openai-api/ssfineart/search?query=Vermeer+interiors' },
    },
    nftguru: {
      identifier: 'nftguru',
      tools: ['getTradingTop', 'findCollection'],
      // A YAML document whose server address has a path of its own.
      call: { api: 'findCollection', args: { chain: 'ethereum', search: 'azuki' } },
      sends: { method: 'GET', path: '/openai-api/nftguru/find-collection?chain=ethereum&search=azuki' },
    },
    // The same plugins' older versions, whose manifest names the collection's openapi.yaml, served as YAML.
    'scholarly-yaml': {
      identifier: 'scholarly',
      tools: ['searchPost'],
      call: {
        api: 'searchPost',
        args: { _requestBody: { query: 'polar bears', semanticQuery: 'polar bear climate', keyTerms: 'polar bear' } },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/scholarly-yaml/search',
        body: { query: 'polar bears', semanticQuery: 'polar bear climate', keyTerms: 'polar bear' },
      },
    },
    'video-captions-yaml': {
      identifier: 'VideoCaptions',
      tools: ['transcribeVideo'],
      call: { api: 'transcribeVideo', args: { _requestBody: { videoId: 'dQw4w9WgXcQ', segment: 1, includeTimestamp: true } } },
      sends: {
        method: 'POST',
        path: '/openai-api/video-captions-yaml/api/transcription',
        body: { videoId: 'dQw4w9WgXcQ', segment: 1, includeTimestamp: true },
      },
    },
    factcheck: {
      identifier: 'factcheck',
      tools: ['getVerifiedFacts'],
      call: { api: 'getVerifiedFacts', args: { _requestBody: { text: 'London is a city in the UK.' } } },
      sends: { method: 'POST', path: '/openai-api/factcheck/facts', body: { text: 'London is a city in the UK.' } },
    },
    bardeen: {
      identifier: 'Bardeen',
      tools: ['QueryMagicBox'],
      // The server address has a path of its own and a trailing slash; the operation's path follows it once.
      call: { api: 'QueryMagicBox', args: { _requestBody: { query: 'Email me new Airtable rows every morning' } } },
      sends: {
        method: 'POST',
        path: '/openai-api/bardeen/bot/query',
        body: { query: 'Email me new Airtable rows every morning' },
      },
    },
    'charts-and-diagrams': {
      identifier: 'Charts_and_Diagrams',
      tools: ['generate'],
      call: { api: 'generate', args: { _requestBody: { code: 'graph TD\n  A-->B' } } },
      sends: { method: 'POST', path: '/openai-api/charts-and-diagrams/generate', body: { code: 'graph TD\n  A-->B' } },
    },
    'image-search': {
      identifier: 'ImageSearch',
      tools: ['fetchImage'],
      // A response schema whose properties sit outside `properties` does not stop the install.
      call: { api: 'fetchImage', args: { query: 'lighthouse at dusk' } },
      sends: { method: 'GET', path: '/openai-api/image-search/image?query=lighthouse+at+dusk' },
    },
    medium: {
      identifier: 'MediumGPTPlugin',
      tools: ['getTrendingStories', 'getSearch', 'getStory', 'getTopic'],
      // A path parameter below a server address that has a path of its own.
      call: { api: 'getStory', args: { id: '9db0094a1e0f' } },
      sends: { method: 'GET', path: '/openai-api/medium/_/gpt/v1/story/9db0094a1e0f' },
    },
    txyz: {
      identifier: 'ResearchAI',
      tools: [
        'chat_plugin_chat_plugin__post',
        'find_papers_plugin_find_papers_plugin__post',
        'find_similiar_papers_plugin_find_similiar_papers_plugin__post',
        'summarize_plugin_summarize_plugin__post',
      ],
      // A path ending in a slash keeps it; an array inside a $ref body stays an array.
      call: {
        api: 'find_similiar_papers_plugin_find_similiar_papers_plugin__post',
        args: { _requestBody: { arxiv_id: '1706.03762', keywords: ['attention', 'transformer'] } },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/txyz/find_similiar_papers_plugin/',
        body: { arxiv_id: '1706.03762', keywords: ['attention', 'transformer'] },
      },
    },
    space: {
      identifier: 'Space',
      tools: [
        'getISSLocation',
        'getPeopleInSpace',
        'getWeatherOnMars',
        'getAstronomyPictureOfTheDay',
        'getAsteroidsNearEarthObjects',
        'getCoronalMassEjections',
        'getGeomagneticStorm',
        'getInterplanetaryShock',
        'getSolarFlare',
        'getSolarEnergeticParticle',
        'getRadiationBeltEnhancement',
        'getHighSpeedStreams',
        'getWSAEnlilSolarWindPrediction',
        'getNASANotifications',
        'getNaturalEvents',
        'getEarthPolychromaticImagingCamera',
        'getKnownCelestialBodyCount',
        'getPlanets',
        'getRovers',
      ],
      call: { api: 'getPeopleInSpace', args: {} },
      sends: { method: 'GET', path: '/openai-api/space/People_In_Space/' },
    },
    'ask-your-pdf': {
      identifier: 'askyourpdf',
      tools: ['download_pdf_api_download_pdf_post', 'perform_query_query_post'],
      // A POST whose only argument goes in the query: no body is sent.
      call: { api: 'download_pdf_api_download_pdf_post', args: { url: 'https://example.com/paper.pdf' } },
      sends: { method: 'POST', path: '/openai-api/ask-your-pdf/api/download_pdf?url=https%3A%2F%2Fexample.com%2Fpaper.pdf' },
    },
    'asset-ovi': {
      identifier: 'assetOvi',
      tools: ['categories', 'assets'],
      // Query arrays exploded, an integer beside them.
      call: { api: 'assets', args: { count: 5, keywords: 'chair', colors: ['red', 'oak'] } },
      sends: { method: 'GET', path: '/openai-api/asset-ovi/v1/ovisearch/assets?count=5&keywords=chair&colors=red&colors=oak' },
    },
    boolio: {
      identifier: 'boolio',
      tools: ['postApiStockSummary', 'getApiSearchFactor', 'getApiSearchSector', 'postApiCustom-indexScreen'],
      // An operation id with a hyphen, and a $ref body holding arrays of $ref objects, in an OpenAPI 3.1 document.
      call: {
        api: 'postApiCustom-indexScreen',
        args: {
          _requestBody: {
            prompt: 'Korean stocks with ROE above 15%',
            region: 'KR',
            filterRules: [{ factorId: 1133, operator: '>=', value: 15, searchMode: 'Absolute' }],
            limit: 10,
          },
        },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/boolio/api/custom-index/screen',
        body: {
          prompt: 'Korean stocks with ROE above 15%',
          region: 'KR',
          filterRules: [{ factorId: 1133, operator: '>=', value: 15, searchMode: 'Absolute' }],
          limit: 10,
        },
      },
    },
    'diagrams-show-me': {
      identifier: 'diagrams_show_me',
      tools: ['get_DiagramGuidelinesRoute', 'get__MermaidRoute', 'get_ShowIdeasRoute', 'get_ExploreDiagramsRoute'],
      // Diagram source with newlines and arrows, sent in the query.
      call: { api: 'get__MermaidRoute', args: { diagramLanguage: 'mermaid', diagramType: 'graph', diagram: 'graph TD\nA-->B' } },
      sends: {
        method: 'GET',
        path: '/openai-api/diagrams-show-me/render?diagramLanguage=mermaid&diagramType=graph&diagram=graph+TD%0AA--%3EB',
      },
    },
    'make-a-sheet': {
      identifier: 'make_an_excel_sheet',
      tools: ['generateCsv'],
      // Rows as arrays of arrays of any type.
      call: {
        api: 'generateCsv',
        args: {
          _requestBody: {
            title: 'Lighthouses',
            data: [
              ['Name', 'Height'],
              ['Eddystone', 49],
            ],
          },
        },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/make-a-sheet/generate-csv',
        body: {
          title: 'Lighthouses',
          data: [
            ['Name', 'Height'],
            ['Eddystone', 49],
          ],
        },
      },
    },
    mintbasesearch: {
      identifier: 'mintbasesearch',
      tools: ['SubmitQuery'],
      // A response schema whose type list holds null (not "null") does not stop the install; an object in the body stays one.
      call: {
        api: 'SubmitQuery',
        args: { _requestBody: { query: 'query { nft_contracts(limit: 1) { id } }', variables: { limit: 1 }, network: 'mainnet' } },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/mintbasesearch/api/plugins/search/submit-query',
        body: { query: 'query { nft_contracts(limit: 1) { id } }', variables: { limit: 1 }, network: 'mainnet' },
      },
    },
    'social-search': {
      identifier: 'socialsearch',
      tools: ['searchTweets'],
      call: { api: 'searchTweets', args: { q: 'dogecoin (from:elonmusk)', count: 5 } },
      sends: { method: 'GET', path: '/openai-api/social-search/search?q=dogecoin+%28from%3Aelonmusk%29&count=5' },
    },
    speak: {
      identifier: 'speak',
      tools: ['translate', 'explainPhrase', 'explainTask'],
      // $ref bodies whose properties carry OpenAPI 2-style required: true.
      call: {
        api: 'explainPhrase',
        args: {
          _requestBody: {
            foreign_phrase: 'no mames',
            learning_language: 'Spanish',
            native_language: 'English',
            additional_context: 'heard from a friend',
            full_query: 'Somebody said no mames to me, what does that mean?',
          },
        },
      },
      sends: {
        method: 'POST',
        path: '/openai-api/speak/v1/public/openai/explain-phrase',
        body: {
          foreign_phrase: 'no mames',
          learning_language: 'Spanish',
          native_language: 'English',
          additional_context: 'heard from a friend',
          full_query: 'Somebody said no mames to me, what does that mean?',
        },
      },
    },
    stackoverflow: {
      identifier: 'stackoverflow_plus',
      tools: ['search'],
      // A document with servers before paths and no final newline; three required query parameters.
      call: { api: 'search', args: { q_reg: 'How do I use vitest fake timers?', q_sm: 'vitest fake timers', q_xs: 'vitest timers' } },
      sends: {
        method: 'GET',
        path: '/openai-api/stackoverflow/app/stack_overflow/search?q_reg=How+do+I+use+vitest+fake+timers%3F&q_sm=vitest+fake+timers&q_xs=vitest+timers',
      },
    },
    whois: {
      identifier: 'whois_lookup',
      tools: ['getWhoisInfo'],
      // Hosted by its author (index entry Whois_lookup): the ai-plugin.json names the document on the author's own host.
      call: { api: 'getWhoisInfo', args: { query: 'example.com', type: 'domain' } },
      sends: { method: 'GET', path: '/openai-api/whois/api/whois?query=example.com&type=domain' },
    },
    '0latency-memory': {
      identifier: '0latency',
      tools: [
        'github_login_auth_github_get',
        'github_callback_auth_github_callback_get',
        'google_login_auth_google_get',
        'google_callback_auth_google_callback_get',
        'email_register_auth_email_register_post',
        'email_login_auth_email_login_post',
        'get_current_user_auth_me_get',
        'regenerate_api_key_auth_api_key_regenerate_post',
        'create_checkout_billing_create_checkout_post',
        'get_subscription_billing_subscription_get',
        'create_portal_billing_portal_post',
        'stripe_webhook_billing_webhook_post',
        'dashboard_dashboard_get',
        'extract_endpoint_extract_post',
        'async_extract_endpoint_memories_extract_post',
        'get_extract_job_memories_extract__job_id__get',
        'recall_endpoint_recall_post',
        'list_memories_memories_get',
        'update_memory_endpoint_memories__memory_id__put',
        'delete_memory_memories__memory_id__delete',
        'search_memories_memories_search_get',
        'batch_extract_extract_batch_post',
        'export_memories_memories_export_get',
        'health_check_health_get',
        'graph_entity_endpoint_graph_entity_get',
        'graph_entities_endpoint_graph_entities_get',
        'graph_entity_memories_endpoint_graph_entity_memories_get',
        'graph_path_endpoint_graph_path_get',
        'memory_history_endpoint_memories__memory_id__history_get',
        'list_webhooks_endpoint_webhooks_get',
        'create_webhook_endpoint_webhooks_post',
        'delete_webhook_endpoint_webhooks__webhook_id__delete',
        'list_criteria_endpoint_criteria_get',
        'create_criteria_endpoint_criteria_post',
        'delete_criteria_endpoint_criteria__criteria_id__delete',
        'list_schemas_endpoint_schemas_get',
        'create_schema_endpoint_schemas_post',
        'delete_schema_endpoint_schemas__schema_id__delete',
        'batch_delete_endpoint_memories_batch_delete_post',
        'batch_search_endpoint_memories_batch_search_post',
        'list_org_memories_endpoint_org_memories_get',
        'store_org_memory_endpoint_org_memories_post',
        'recall_org_memories_endpoint_org_memories_recall_get',
        'promote_to_org_endpoint_memories__memory_id__promote_post',
        'delete_org_memory_endpoint_org_memories__memory_id__delete',
        'get_tenant_info_tenant_info_get',
        'get_usage_usage_get',
        'create_api_key_api_keys_post',
        'rotate_api_key_admin_rotate_key__tenant_id__post',
        'revoke_api_key_admin_revoke_key__tenant_id__post',
        'reactivate_tenant_admin_reactivate__tenant_id__post',
        'list_tenants_admin_tenants_get',
      ],
      // Its document names no `servers`: the API is the origin the document was fetched from, here this server.
      call: {
        api: 'search_memories_memories_search_get',
        args: { agent_id: 'support-bot', q: 'refund policy', limit: 5, 'X-API-Key': 'zl-key' },
      },
      sends: { method: 'GET', path: '/memories/search?agent_id=support-bot&q=refund+policy&limit=5' },
    },
    agentpay: {
      identifier: 'agentpay',
      tools: [
        'health_v1_health_get',
        'root__get',
        'get_balance_v1_balance_get',
        'list_transactions_v1_transactions_get',
        'api_rotate_key_v1_agent_rotate_key_post',
        'export_csv_v1_export_get',
        'do_spend_v1_spend_post',
        'do_refund_v1_refund_post',
        'do_transfer_v1_transfer_post',
        'list_chains_v1_chains_get',
        'wallet_info_v1_wallet_get',
        'wallet_all_chains_v1_wallet_all_get',
        'api_send_usdc_v1_wallet_send_usdc_post',
        'api_send_native_v1_wallet_send_native_post',
        'card_info_v1_card_get',
        'card_transactions_v1_card_transactions_get',
        'get_webhook_v1_webhook_get',
        'set_webhook_v1_webhook_post',
        'delete_webhook_v1_webhook_delete',
        'check_approval_v1_approvals__approval_id__get',
        'x402_pay_v1_x402_pay_post',
        'x402_probe_v1_x402_probe_get',
        'get_own_identity_v1_agent_identity_get',
        'upsert_identity_v1_agent_identity_put',
        'get_trust_score_v1_agent_identity_score_get',
        'agent_directory_v1_directory_get',
        'agent_public_profile_v1_directory__agent_id__get',
        'get_revenue_v1_admin_revenue_get',
        'withdraw_revenue_v1_admin_withdraw_post',
        'auth_telegram_v1_auth_telegram_post',
        'miniapp_list_agents_v1_miniapp_agents_get',
        'miniapp_agent_transactions_v1_miniapp_agents__agent_id__transactions_get',
        'miniapp_update_agent_settings_v1_miniapp_agents__agent_id__settings_patch',
        'miniapp_agent_card_v1_miniapp_agents__agent_id__card_get',
        'miniapp_toggle_card_v1_miniapp_agents__agent_id__card__action__post',
        'miniapp_agent_wallet_v1_miniapp_agents__agent_id__wallet_get',
        'miniapp_agent_wallet_all_v1_miniapp_agents__agent_id__wallet_all_get',
        'miniapp_dashboard_v1_miniapp_dashboard_get',
        'miniapp_agent_analytics_v1_miniapp_agents__agent_id__analytics_get',
        'miniapp_agent_identity_v1_miniapp_agents__agent_id__identity_get',
      ],
      // A FastAPI export without `servers` either, so its API too is the document's own origin.
      call: {
        api: 'do_spend_v1_spend_post',
        args: { 'X-API-Key': 'ap-key', _requestBody: { amount: 1.5, description: 'API credits' } },
      },
      sends: { method: 'POST', path: '/v1/spend', body: { amount: 1.5, description: 'API credits' } },
    },
  };

  for (const name of Object.keys(OPENAI_PLUGINS) as OpenAIPluginName[]) {
    it(`${name}: converts, expands its OpenAPI document, installs with every operation as a tool, and a tool runs`, async () => {
      const { identifier, tools, call: toolCall, sends } = recorded[name];
      const preview = await manifestPreview(server.openaiManifest(name));
      expect(preview.manifest.identifier).toBe(identifier);
      expect(preview.manifest.api.map((api) => api.name)).toEqual(tools);
      // The API server of the document (moved to loopback) is what the user approves.
      expect(preview.origins).toEqual([server.origin]);
      const view = await service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins });
      // LobeChat's `identifier____api`, or where that is no valid tool name (txyz's are over 64 characters, 0latency's
      // begin with a digit), the identifier (after an underscore when it does not begin with a letter) and a hash.
      const hashed = /^[A-Za-z]/.test(identifier) ? identifier : `_${identifier}`;
      const toolName = (api: string) =>
        VALID_TOOL_NAME.test(`${identifier}____${api}`) ? `${identifier}____${api}` : expect.stringMatching(`^${hashed}____h[0-9a-f]{8}$`);
      expect(buildPluginTools([view.manifest]).definitions.map((d) => d.name)).toEqual(tools.map(toolName));

      const sent = await call(view.manifest, toolCall.api, toolCall.args);
      expect({ method: sent.method, path: sent.path }).toEqual({ method: sends.method, path: sends.path });
      if (sends.body) expect(sent.body).toEqual(sends.body);
      else expect(sent.rawBody?.length ?? 0).toBe(0);
    });
  }

  it('calls a JSON-body operation with POST, its path and the body the model gave', async () => {
    const { manifest } = await manifestPreview(server.openaiManifest('diceroller'));
    const sent = await call(manifest, 'roll', { _requestBody: { expression: '4d6kh3' } });
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/openai-api/diceroller/roll');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({ expression: '4d6kh3' });
    expect(sent.headers['x-lobe-plugin-settings']).toBeUndefined();
  });

  it('calls a query operation with GET and the argument in the query, without a body', async () => {
    const { manifest } = await manifestPreview(server.openaiManifest('uberchord'));
    const sent = await call(manifest, 'getChordDiagramImage', { chord: 'F#maj7' });
    expect(sent.method).toBe('GET');
    expect(sent.path).toBe('/openai-api/uberchord/chord-formatted?chord=F%23maj7');
    expect(sent.rawBody?.length ?? 0).toBe(0);
  });

  it('turns a service_http token into a prefilled API key sent as a bearer token', async () => {
    server.editOpenAIManifest('uberchord', (doc) => ({
      ...doc,
      auth: { type: 'service_http', authorization_type: 'bearer', verification_tokens: { openai: 'tok-123' } },
    }));
    const { manifest } = await manifestPreview(server.openaiManifest('uberchord'));
    expect(manifest.settings?.properties.apiAuthKey).toMatchObject({ format: 'password', default: 'tok-123' });
    const sent = await call(manifest, 'getChordDiagramImage', { chord: 'C' }, { apiAuthKey: 'tok-123' });
    expect(sent.headers.authorization).toBe('Bearer tok-123');
  });

  it('sends a service token in the custom header the ai-plugin.json names, as it is (agentpay: X-API-Key)', async () => {
    const { manifest } = await manifestPreview(server.openaiManifest('agentpay'));
    expect(manifest.settings?.required).toEqual(['apiAuthKey']);
    const body = { amount: 2, description: 'API credits' };
    const sent = await call(manifest, 'do_spend_v1_spend_post', { _requestBody: body }, { apiAuthKey: 'ap-key-9' });
    expect(sent.path).toBe('/v1/spend');
    expect(sent.headers['x-api-key']).toBe('ap-key-9');
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('sends a custom-header token as a bearer token when the header it names is no header name', async () => {
    server.editOpenAIManifest('agentpay', (doc) => ({
      ...doc,
      auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X API Key' },
    }));
    const { manifest } = await manifestPreview(server.openaiManifest('agentpay'));
    const sent = await call(manifest, 'do_spend_v1_spend_post', { _requestBody: { amount: 2 } }, { apiAuthKey: 'ap-key-9' });
    expect(sent.headers.authorization).toBe('Bearer ap-key-9');
  });
});

const DOC_URL = 'https://plugin.example/openapi.json';

describe('OpenAPI expansion', () => {
  const doc = JSON.stringify({
    openapi: '3.0.3',
    servers: [{ url: '/v1' }],
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' }, token: { type: 'http', scheme: 'bearer' } },
      parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } } },
    },
    security: [{ key: [] }],
    paths: {
      '/items/{id}': {
        parameters: [{ $ref: '#/components/parameters/id' }],
        get: {
          operationId: 'getItem',
          parameters: [
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          ],
        },
        patch: {
          operationId: 'patchItem',
          summary: 'Change an item',
          security: [{ token: [] }],
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { name: { type: 'string', required: true } } } },
            },
          },
        },
      },
      '/ping': { delete: {} },
    },
  });

  it('expands shared parameters, per-operation security and LobeChat names', async () => {
    const result = await expandOpenApi(doc, DOC_URL);
    if (!result.ok) throw new Error(result.issue.message);
    const { api, settings, httpAuth } = result.expansion;
    expect(api.map((a) => [a.name, a.description, a.url, a.http?.method])).toEqual([
      ['getItem', 'getItem', 'https://plugin.example/v1/items/{id}', 'get'],
      ['patchItem', 'Change an item', 'https://plugin.example/v1/items/{id}', 'patch'],
      ['DELETE /ping', 'DELETE /ping', 'https://plugin.example/v1/ping', 'delete'],
    ]);
    expect(api[0]!.parameters.required).toEqual(['id']);
    expect(api[1]!.parameters.properties._requestBody).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
    expect(api[1]!.http?.auth).toEqual(['token']);
    expect(api[0]!.http?.auth).toEqual(['key']);
    expect(settings?.required).toEqual(['key', 'token']);
    expect(httpAuth?.key).toEqual({ setting: 'key', in: 'query', name: 'api_key' });
  });

  it('builds path, query, header and credentials into the request', async () => {
    const result = await expandOpenApi(doc, DOC_URL);
    if (!result.ok) throw new Error(result.issue.message);
    const manifest: PluginManifest = { identifier: 'items', meta: {}, type: 'default', ...result.expansion };
    const get = buildPluginRequest({
      manifest,
      apiName: 'getItem',
      args: { id: 7, verbose: true, 'X-Trace': 'a1' },
      settings: { key: 'k&1', token: 't' },
    });
    expect(get).toEqual({
      url: 'https://plugin.example/v1/items/7?verbose=true&api_key=k%261',
      method: 'GET',
      headers: { 'X-Trace': 'a1' },
    });
    const patch = buildPluginRequest({
      manifest,
      apiName: 'patchItem',
      args: { id: 7, _requestBody: { name: 'n' } },
      settings: { key: 'k', token: 't' },
    });
    expect(patch).toMatchObject({ method: 'PATCH', url: 'https://plugin.example/v1/items/7', body: '{"name":"n"}' });
    expect(patch.headers).toEqual({ 'content-type': 'application/json', Authorization: 'Bearer t' });
  });

  it('sends query arrays and objects in OpenAPI’s form style: exploded by default, comma-separated when not', async () => {
    const list = { type: 'array', items: { type: 'string' } };
    const result = await expandOpenApi(
      JSON.stringify({
        openapi: '3.0.0',
        paths: {
          '/q': {
            get: {
              operationId: 'q',
              parameters: [
                { name: 'tags', in: 'query', schema: list },
                { name: 'ids', in: 'query', explode: false, schema: list },
                { name: 'filter', in: 'query', schema: { type: 'object' } },
                { name: 'point', in: 'query', explode: false, schema: { type: 'object' } },
              ],
            },
          },
        },
      }),
      DOC_URL,
    );
    if (!result.ok) throw new Error(result.issue.message);
    const manifest: PluginManifest = { identifier: 'q', meta: {}, type: 'default', ...result.expansion };
    const args = { tags: ['a b', 'c'], ids: [1, 2], filter: { lang: 'en', n: 3 }, point: { x: 1, y: 2 } };
    expect(buildPluginRequest({ manifest, apiName: 'q', args }).url).toBe(
      'https://plugin.example/q?tags=a+b&tags=c&ids=1%2C2&lang=en&n=3&point=x%2C1%2Cy%2C2',
    );
  });

  it('reads a YAML document, as LobeChat does for anything not served as application/json', async () => {
    const yaml = 'openapi: 3.0.0\nservers: [{ url: /v1 }]\npaths:\n  /ping:\n    get: { operationId: ping }\n';
    const result = await expandOpenApi(yaml, DOC_URL, undefined, 'text/yaml');
    expect(result).toMatchObject({ ok: true, expansion: { api: [{ name: 'ping', http: { method: 'get' } }] } });
    // Served as JSON, the same text is refused as the JSON it is not.
    expect(await expandOpenApi(yaml, DOC_URL, undefined, 'application/json')).toMatchObject({
      ok: false,
      issue: { code: 'invalid-json', path: 'openapi' },
    });
  });

  describe('Swagger 2.0, which LobeChat’s SDK reads too', () => {
    const swagger = {
      swagger: '2.0',
      host: 'plugin.example',
      basePath: '/api',
      schemes: ['http', 'https'],
      consumes: ['application/json'],
      securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, login: { type: 'basic' } },
      security: [{ key: [] }],
      definitions: { Prompt: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] } },
      parameters: { taskId: { name: 'id', in: 'path', required: true, type: 'string' } },
      paths: {
        '/tasks/{id}': {
          parameters: [{ $ref: '#/parameters/taskId' }],
          get: {
            operationId: 'getTask',
            parameters: [{ name: 'verbose', in: 'query', type: 'boolean', description: 'More detail' }],
          },
        },
        '/imagine': {
          post: {
            operationId: 'imagine',
            summary: 'Draw a picture',
            security: [{ login: [] }],
            parameters: [{ name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Prompt' } }],
          },
        },
        '/notes': {
          post: {
            consumes: ['application/x-www-form-urlencoded'],
            parameters: [{ name: 'text', in: 'formData', type: 'string', required: true }],
          },
        },
      },
    };

    async function expanded(doc: object) {
      const result = await expandOpenApi(JSON.stringify(doc), DOC_URL);
      if (!result.ok) throw new Error(result.issue.message);
      return result.expansion;
    }

    it('expands every operation: the server from host, basePath and https, inline parameter types, shared definitions', async () => {
      const { api, settings, httpAuth } = await expanded(swagger);
      expect(api.map((a) => [a.name, a.description, a.url, a.http?.method])).toEqual([
        ['getTask', 'getTask', 'https://plugin.example/api/tasks/{id}', 'get'],
        ['imagine', 'Draw a picture', 'https://plugin.example/api/imagine', 'post'],
        ['POST /notes', 'POST /notes', 'https://plugin.example/api/notes', 'post'],
      ]);
      expect(api[0]!.parameters).toEqual({
        type: 'object',
        properties: { id: { type: 'string' }, verbose: { type: 'boolean', description: 'More detail' } },
        required: ['id'],
      });
      // The body parameter is the request body, under LobeChat's key for it.
      expect(api[1]!.parameters.properties._requestBody).toEqual(swagger.definitions.Prompt);
      expect(settings?.required).toEqual(['key', 'login']);
      expect(httpAuth).toEqual({
        key: { setting: 'key', in: 'header', name: 'X-Key' },
        login: { setting: 'login', in: 'header', name: 'Authorization', scheme: 'basic' },
      });
    });

    it('calls each operation with its parameters in place, its body as JSON or form data, and its credentials', async () => {
      const expansion = await expanded(swagger);
      const manifest: PluginManifest = { identifier: 'legacy', meta: {}, type: 'default', ...expansion };
      const settings = { key: 'k1', login: 'ann:pw' };
      expect(buildPluginRequest({ manifest, apiName: 'getTask', args: { id: 't 7', verbose: true }, settings })).toEqual({
        url: 'https://plugin.example/api/tasks/t%207?verbose=true',
        method: 'GET',
        headers: { 'X-Key': 'k1' },
      });
      expect(buildPluginRequest({ manifest, apiName: 'imagine', args: { _requestBody: { prompt: 'a lighthouse' } }, settings })).toEqual({
        url: 'https://plugin.example/api/imagine',
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Basic ${btoa('ann:pw')}` },
        body: '{"prompt":"a lighthouse"}',
      });
      expect(
        buildPluginRequest({ manifest, apiName: 'POST /notes', args: { _requestBody: { text: 'hi there' } }, settings }),
      ).toMatchObject({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Key': 'k1' },
        body: 'text=hi+there',
      });
    });

    it('sends a query array comma-separated unless its collectionFormat is multi', async () => {
      const list = (collectionFormat?: string) => ({ in: 'query', type: 'array', items: { type: 'string' }, collectionFormat });
      const expansion = await expanded({
        swagger: '2.0',
        paths: {
          '/q': {
            get: {
              operationId: 'q',
              parameters: [
                { name: 'csv', ...list() },
                { name: 'multi', ...list('multi') },
              ],
            },
          },
        },
      });
      const manifest: PluginManifest = { identifier: 'legacy', meta: {}, type: 'default', ...expansion };
      expect(buildPluginRequest({ manifest, apiName: 'q', args: { csv: ['a', 'b'], multi: ['a', 'b'] } }).url).toBe(
        'https://plugin.example/q?csv=a%2Cb&multi=a&multi=b',
      );
    });

    it('serves a document without a host from the document’s own address', async () => {
      const { api } = await expanded({ swagger: '2.0', basePath: '/v2', paths: { '/ping': { get: { operationId: 'ping' } } } });
      expect(api[0]!.url).toBe('https://plugin.example/v2/ping');
    });

    it('refuses a file upload clearly, naming where', async () => {
      const upload = { swagger: '2.0', paths: { '/up': { post: { parameters: [{ name: 'file', in: 'formData', type: 'file' }] } } } };
      expect(await expandOpenApi(JSON.stringify(upload), DOC_URL)).toMatchObject({
        ok: false,
        issue: { code: 'openapi-unsupported', path: 'openapi.paths./up.post' },
      });
    });

    it('refuses older Swagger versions clearly', async () => {
      const result = await expandOpenApi('{"swagger":"1.2","apis":[]}', DOC_URL);
      expect(result).toMatchObject({ ok: false, issue: { code: 'openapi-version', message: expect.stringContaining('Swagger 1.2') } });
    });
  });

  it('refuses a document without operations instead of installing a plugin with no tools', async () => {
    const result = await expandOpenApi('{"openapi":"3.1.0","paths":{}}', DOC_URL);
    expect(result).toMatchObject({ ok: false, issue: { code: 'openapi-empty' } });
  });

  it('refuses what it cannot send, naming where', async () => {
    const multipart =
      '{"openapi":"3.0.0","paths":{"/up":{"post":{"requestBody":{"content":{"multipart/form-data":{"schema":{"type":"object"}}}}}}}}';
    expect(await expandOpenApi(multipart, DOC_URL)).toMatchObject({
      ok: false,
      issue: { code: 'openapi-unsupported', path: 'openapi.paths./up.post' },
    });
    const cookie =
      '{"openapi":"3.0.0","components":{"securitySchemes":{"c":{"type":"apiKey","in":"cookie","name":"sid"}}},"paths":{"/a":{"get":{}}}}';
    expect(await expandOpenApi(cookie, DOC_URL)).toMatchObject({ ok: false, issue: { code: 'openapi-unsupported' } });
  });

  it('resolves no external reference and refuses circular ones', async () => {
    const circular =
      '{"openapi":"3.0.0","components":{"schemas":{"A":{"type":"object","properties":{"a":{"$ref":"#/components/schemas/A"}}}}},"paths":{"/a":{"post":{"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/A"}}}}}}}}';
    expect(await expandOpenApi(circular, DOC_URL)).toMatchObject({ ok: false, issue: { code: 'openapi-invalid' } });
    const external = JSON.stringify({
      openapi: '3.0.0',
      paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', schema: { $ref: `${server.origin}/schema.json` } }] } } },
    });
    expect(await expandOpenApi(external, DOC_URL)).toMatchObject({ ok: false, issue: { code: 'openapi-unsupported' } });
    expect(server.requests).toEqual([]);
    const missing = '{"openapi":"3.0.0","paths":{"/a":{"get":{"parameters":[{"$ref":"#/components/parameters/nope"}]}}}}';
    expect(await expandOpenApi(missing, DOC_URL)).toMatchObject({ ok: false, issue: { code: 'openapi-invalid' } });
  });

  it('refuses at preview an openapi manifest whose document cannot be expanded, instead of installing 0 tools', async () => {
    server.editManifest('weather', (m) => ({
      ...m,
      api: [],
      openapi: server.openaiManifest('diceroller').replace('ai-plugin', 'missing'),
    }));
    await expect(service.preview(server.urls.weather)).rejects.toMatchObject({ error: { code: 'not-found' } });
  });

  it('adds the operations of an openapi manifest to its own APIs', async () => {
    server.editManifest('weather', (m) => ({ ...m, openapi: `${server.origin}/openai/uberchord/openapi.json` }));
    const preview = await manifestPreview(server.urls.weather);
    expect(preview.manifest.api.map((a) => a.name)).toEqual(['getWeather', 'getChordDiagramImage']);
  });
});

describe('call descriptions in a manifest', () => {
  it('are checked like the rest of it: no other method, place or credential header syntax', () => {
    const api = { name: 'a', description: 'a', parameters: { type: 'object', properties: {} }, url: 'https://plugin.example/a' };
    const base = { identifier: 'p', meta: {} };
    expect(validateManifest({ ...base, api: [{ ...api, http: { method: 'get', params: [{ name: 'q', in: 'query' }] } }] }).ok).toBe(true);
    expect(validateManifest({ ...base, api: [{ ...api, http: { method: 'connect', params: [] } }] }).ok).toBe(false);
    expect(validateManifest({ ...base, api: [{ ...api, http: { method: 'get', params: [{ name: 'sid', in: 'cookie' }] } }] }).ok).toBe(
      false,
    );
    const auth = (name: string) => ({ ...base, api: [], httpAuth: { k: { setting: 'k', in: 'header', name } } });
    expect(validateManifest(auth('X-Api-Key')).ok).toBe(true);
    expect(validateManifest(auth('X-Api-Key\r\nHost: evil')).ok).toBe(false);
  });
});

describe('module UIs', () => {
  it('installs a plugin with a module UI without it, and says so', async () => {
    server.editManifest('weather', (m) => ({ ...m, ui: { url: `${server.foreignOrigin}/ui.js`, mode: 'module' } }));
    const preview = await manifestPreview(server.urls.weather);
    expect(preview.unsupported).toBeUndefined();
    expect(preview.omitted).toBe('module-ui');
    // The module's origin is never contacted, so it is not among those approved.
    expect(preview.origins).toEqual([server.origin]);
    await service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins });
  });

  it('still refuses a standalone plugin, which is nothing but its module UI', async () => {
    server.editManifest('clock', (m) => ({ ...m, ui: { ...(m.ui as object), mode: 'module' } }));
    expect((await manifestPreview(server.urls.clock)).unsupported).toBe('module-ui');
  });
});
