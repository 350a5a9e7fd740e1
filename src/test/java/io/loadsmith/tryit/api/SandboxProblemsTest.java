package io.loadsmith.tryit.api;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.tryit.SandboxRefusal;
import io.loadsmith.tryit.TryService;

/** A sandbox that cannot take a run answers 503 with its reason, for a load's try and a model's alike. */
@WebMvcTest({TryController.class, TryModelController.class})
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
class SandboxProblemsTest {

    private static final String BODY = "{\"batches\":[{\"tables\":{}}]}";
    private static final String BUSY = "The sandbox is busy with 2 other runs; try again in a moment.";

    @Autowired
    MockMvc mvc;

    @MockitoBean
    TryService service;

    @MockitoBean
    MetadataPackageService packages;

    @MockitoBean
    LoadService loads;

    @Test
    void aBusySandboxIsA503ForALoadAndForAModel() throws Exception {
        when(service.run(anyLong(), any(), any())).thenThrow(new SandboxRefusal(BUSY));
        when(service.runModel(anyString(), any(), any(), any())).thenThrow(new SandboxRefusal(BUSY));
        when(packages.get(3L)).thenReturn(new PackageResponse(3, 0, "demo", null, null, null));
        when(loads.ofPackage("demo")).thenReturn(List.of());
        for (String url : List.of("/api/v1/loads/7/try", "/api/v1/packages/3/try")) {
            mvc.perform(post(url).contentType(MediaType.APPLICATION_JSON).content(BODY))
                    .andExpect(status().isServiceUnavailable())
                    .andExpect(jsonPath("$.title").value("Sandbox unavailable"))
                    .andExpect(jsonPath("$.detail").value(BUSY))
                    .andExpect(jsonPath("$.instance").value(url));
        }
    }
}
